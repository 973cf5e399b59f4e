/* Every book page's own scripts in one file: one request instead of four. A connection that takes
 * six requests at a time (HTTP/1.1) serves a page's scripts in turns, a round trip each, and a
 * widget page's Python is asked for only after them. Each module still starts itself as before.
 * (crib-a11y.js is also built alone, for the notebook app: lite/crib_live.py, NOTEBOOK_APP_FILES.)
 */
import './crib-a11y.js';
import './crib-voice.js';
import './crib_ahead.js';
import './crib-answer.js';
