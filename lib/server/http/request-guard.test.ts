import os from "node:os";
import { describe, expect, it } from "vitest";
import { hostAllowed } from "@/lib/core/security/hosts";
import { guardPolicy, requestRefusal } from "./request-guard";

describe("guard policy from the environment", () => {
  it("on the default loopback bind, answers to loopback names only", () => {
    const { hosts } = guardPolicy({});
    expect(hostAllowed("127.0.0.1:3000", hosts)).toBe(true);
    expect(hostAllowed("192.0.2.10:3000", hosts)).toBe(false);
  });

  it("bound to one address (token mode), that address is allowed too", () => {
    const { hosts } = guardPolicy({ HOST: "192.0.2.10", TABLESIGHT_TOKEN: "t".repeat(20) });
    expect(hostAllowed("192.0.2.10:3000", hosts)).toBe(true);
    expect(hostAllowed("nas.local:3000", hosts)).toBe(false);
    expect(
      hostAllowed("nas.local:3000", guardPolicy({ HOST: "192.0.2.10", TABLESIGHT_ALLOWED_HOSTS: "nas.local" }).hosts),
    ).toBe(true);
  });

  it("bound to every interface, each interface's own address is allowed, no other", () => {
    const addresses = Object.values(os.networkInterfaces()).flatMap((l) =>
      (l ?? []).map((i) => (i.family === "IPv6" ? `[${i.address.replace(/%.*$/, "")}]` : i.address)),
    );
    for (const bind of ["0.0.0.0", "::"]) {
      const { hosts } = guardPolicy({ HOST: bind });
      for (const address of addresses) expect(hostAllowed(`${address}:3000`, hosts), address).toBe(true);
      expect(hostAllowed("203.0.113.77:3000", hosts)).toBe(false);
      expect(hostAllowed("attacker.example:3000", hosts)).toBe(false);
    }
  });

  it("names the variable whose entry is malformed", () => {
    expect(() => guardPolicy({ TABLESIGHT_ALLOWED_HOSTS: "https://x.example" })).toThrow(/TABLESIGHT_ALLOWED_HOSTS/);
    expect(() => guardPolicy({ TABLESIGHT_ALLOWED_ORIGINS: "x.example" })).toThrow(/TABLESIGHT_ALLOWED_ORIGINS/);
  });

  it("pages get the Host and Origin rules but not the body rule", () => {
    const page = (headers: Record<string, string>, method = "POST") =>
      requestRefusal(new Request("http://127.0.0.1:3000/", { method, headers, body: method === "GET" ? null : "x" }), {
        checkBody: false,
      });
    expect(page({ host: "127.0.0.1:3000", "content-type": "text/plain" })).toBeNull();
    expect(page({ host: "evil.example" }, "GET")?.code).toBe("host_not_allowed");
    expect(page({ host: "127.0.0.1:3000", origin: "http://evil.example" })?.code).toBe("cross_site_refused");
  });
});
