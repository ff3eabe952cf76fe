// The account line and the username hints (the server's rules, docs/api.md "Accounts").
import { describe, expect, it } from "vitest";
import { accountLine, nameHint } from "../src/account";

describe("accountLine", () => {
  it("names the player when logged in, escaped, and offers to sign up otherwise", () => {
    expect(accountLine({ name: "a<b", bot: false, created_ms: 0 })).toContain("<strong>a&#60;b</strong>");
    expect(accountLine(null)).toContain("Sign up or log in");
  });
});

describe("nameHint", () => {
  it("says what breaks the rules, as the server would refuse it", () => {
    expect(nameHint("ok_name")).toBe("");
    expect(nameHint("ab")).toBe("3 to 20 characters");
    expect(nameHint("x".repeat(21))).toBe("3 to 20 characters");
    expect(nameHint("no spaces")).toBe("only letters a-z, digits, _ and -");
    expect(nameHint("_lead")).toBe("starts and ends with a letter or a digit");
    expect(nameHint("trail-")).toBe("starts and ends with a letter or a digit");
  });
});
