// A page opened from a friend's link says whose game it joins (src/page/lib/friend_joining.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { joiningWords, makerName } from "../src/page/lib/friend_joining.js";

// As crib_widgets/table/friend_link.py writes a code: base64url (no padding) of compact JSON.
const code = (data) => Buffer.from(JSON.stringify(data), "utf-8").toString("base64url");
const link = (names, more = {}) => code({ v: 1, room: "08tVb3WHit6Xkfea2sqbTQ", to: 61, mug: false, relay: "", dev: 1,
  names, ...more });

test("the link maker's name is read from the link's code, as Python wrote it", () => {
  // FriendLink.new(target=61, names=("Ann", "Ben")).for_device(1).code, made by Python
  const python = "eyJ2IjoxLCJyb29tIjoiMDh0VmIzV0hpdDZYa2ZlYTJzcWJUUSIsInRvIjo2MSwibXVnIjpmYWxzZSwicmVsYXkiOiIiLCJkZXYiOjEsIm5hbWVzIjpbIkFubiIsIkJlbiJdfQ";
  assert.equal(makerName(python), "Ann");
  assert.equal(joiningWords(python), "Joining Ann's game…");
  assert.equal(makerName(link(["Zoë 🂡", "Ben"])), "Zoë 🂡");
  // three or four seats: the maker's seat is device 0's first that is not a computer
  assert.equal(makerName(link(["Ann", "Ben", "Cy"], { devs: [0, 1, 2], cpu: [0, 0, 0] })), "Ann");
  assert.equal(makerName(link(["Ann", "Ben", "Cy", "Dee"], { devs: [0, 1, 0, 2], cpu: [0, 0, 0, 0] })), "Ann");
});

test("a code the page cannot read so names nobody: 'Joining your friend's game…'", () => {
  const bomb = Buffer.from(`{"names":${"[".repeat(50)}${"]".repeat(50)}}`).toString("base64url");
  const control = link(["A\u0007nn", "Ben"]);
  for (const bad of ["", undefined, 42, "not base64!", "%%%", "eyJuYW1lcyI6", bomb, control, code({ names: "Ann" }),
    code([1, 2]), link(["x".repeat(25), "Ben"]), link([7, "Ben"]), "A".repeat(401),
    Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url")]) {
    assert.equal(makerName(bad), "", String(bad).slice(0, 40));
    assert.equal(joiningWords(bad), "Joining your friend's game…");
  }
});
