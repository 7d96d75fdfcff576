import { describe, expect, it } from "vitest";
import { channelPreferences, checkChanges } from "./preferences";

describe("channelPreferences", () => {
  it("lists e-mail, post, telephone and SMS in that order, off and without a time when never chosen", () => {
    expect(channelPreferences([])).toEqual([
      { channel: "email", enabled: false, lastChangedAt: null },
      { channel: "post", enabled: false, lastChangedAt: null },
      { channel: "telephone", enabled: false, lastChangedAt: null },
      { channel: "sms", enabled: false, lastChangedAt: null },
    ]);
  });

  it("shows each stored choice with the time it was made, and leaves out channels no longer offered", () => {
    const at = new Date("2026-12-15T09:30:00Z");
    const view = channelPreferences([
      { channel: "sms", enabled: true, changedAt: at },
      { channel: "fax", enabled: true, changedAt: at },
      { channel: "email", enabled: false, changedAt: at },
    ]);
    expect(view.map((row) => row.channel)).toEqual(["email", "post", "telephone", "sms"]);
    expect(view[0]).toEqual({ channel: "email", enabled: false, lastChangedAt: at });
    expect(view[3]).toEqual({ channel: "sms", enabled: true, lastChangedAt: at });
  });
});

describe("checkChanges", () => {
  it("takes the channels sent for a known vertical, in the fixed order", () => {
    expect(checkChanges("miljoenenspel", { sms: true, email: false })).toEqual({
      ok: true,
      vertical: "miljoenenspel",
      changes: [
        { channel: "email", enabled: false },
        { channel: "sms", enabled: true },
      ],
    });
  });

  it("refuses the whole request for an unknown vertical or channel, naming what it does not know", () => {
    expect(checkChanges("postcodeloterij", { email: true })).toEqual({
      ok: false,
      unknownVertical: true,
      unknownChannels: [],
    });
    expect(checkChanges("kroonloterij", { email: true, fax: true, duif: false })).toEqual({
      ok: false,
      unknownVertical: false,
      unknownChannels: ["fax", "duif"],
    });
  });

  it("does not take inherited names for channels", () => {
    expect(checkChanges("kroonloterij", JSON.parse('{"__proto__": true}'))).toMatchObject({
      ok: false,
      unknownChannels: ["__proto__"],
    });
    expect(checkChanges("constructor", {})).toMatchObject({ ok: false, unknownVertical: true });
  });
});
