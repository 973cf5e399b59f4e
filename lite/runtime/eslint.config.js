// eslint's flat config for the live runtime and the book's page scripts (`make lint`, `make test`).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "node_modules/"] },
  js.configs.recommended,
  {
    files: ["src/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["src/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["src/worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["*.mjs", "*.js", "src/**/*.mjs", "test/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
  {
    rules: {
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
];
