import { describe, expect, it } from "vitest";
import {
  canonicalAddress,
  canonicalHostName,
  hostAllowed,
  hostRefusalMessage,
  isLoopbackName,
  parseAllowedHosts,
} from "./hosts";

const only = (listed?: string, extra: string[] = []) => parseAllowedHosts(listed, extra).list;

describe("Host rule", () => {
  it("answers to loopback names and addresses with any port", () => {
    const list = only();
    for (const host of [
      "localhost",
      "localhost:3000",
      "LOCALHOST:3000",
      "127.0.0.1:3000",
      "127.0.0.2",
      "127.255.1.9:80",
      "[::1]:3000",
      "[::1]",
      "127.1:3000",
    ]) {
      expect(hostAllowed(host, list), host).toBe(true);
    }
  });

  it("refuses any other name, including a rebinding attacker's and look-alikes", () => {
    const list = only();
    for (const host of [
      "attacker.example:3000",
      "attacker.example",
      "localhost.attacker.example",
      "127.0.0.1.nip.io",
      "foo.localhost",
      "128.0.0.1",
      "192.168.1.10:3000",
      "[::2]",
      "evil@127.0.0.1",
      "127.0.0.1/x",
      "",
      " ",
    ]) {
      expect(hostAllowed(host, list), host).toBe(false);
    }
  });

  it("lets a request without a Host header (not sent by any browser) through", () => {
    expect(hostAllowed(null, only())).toBe(true);
  });

  it("adds the names listed in TABLESIGHT_ALLOWED_HOSTS: exact, .suffix for subdomains, * for any", () => {
    const list = only("tablesight.lan, .example.com 10.0.0.5:8080");
    expect(hostAllowed("tablesight.lan:3000", list)).toBe(true);
    expect(hostAllowed("TableSight.LAN", list)).toBe(true);
    expect(hostAllowed("example.com", list)).toBe(true);
    expect(hostAllowed("app.example.com:443", list)).toBe(true);
    expect(hostAllowed("badexample.com", list)).toBe(false);
    expect(hostAllowed("10.0.0.5:3000", list)).toBe(true);
    expect(hostAllowed("other.lan", list)).toBe(false);
    expect(hostAllowed("anything.example:1", only("*"))).toBe(true);
  });

  it("adds the addresses the server was bound to", () => {
    const list = only(undefined, ["192.168.1.10", "[fe80::1]"]);
    expect(hostAllowed("192.168.1.10:3000", list)).toBe(true);
    expect(hostAllowed("[fe80::1]:3000", list)).toBe(true);
    expect(hostAllowed("192.168.1.11:3000", list)).toBe(false);
  });

  it("reports entries that are not host names instead of ignoring them", () => {
    expect(parseAllowedHosts("ok.lan, http://bad.example, a/b").invalid).toEqual(["http://bad.example", "a/b"]);
  });

  it("canonicalises names and addresses", () => {
    expect(canonicalHostName("Example.COM:3000")).toBe("example.com");
    expect(canonicalHostName("0x7f.1")).toBe("127.0.0.1");
    expect(canonicalAddress("::1")).toBe("[::1]");
    expect(canonicalAddress("fe80::1%eth0")).toBe("[fe80::1]");
    expect(isLoopbackName("[::ffff:7f00:1]")).toBe(true);
    expect(hostRefusalMessage("attacker.example")).toContain("TABLESIGHT_ALLOWED_HOSTS");
  });
});
