import { creditLeftOf } from "~/features/credit/server/ledger.server";
import { formBody } from "./bodies.ts";
import type { Answer } from "./client.ts";
import { privateAnswer } from "./surfaces-riders.ts";
import { refusalWithoutMessage, type Surfaces } from "./surfaces.ts";
import { storedState } from "./world.ts";

// The riders' side of the probes, asked the same way on every run: no rider's page is for a
// shared cache, a public passport shows no address or phone, the secret paths (sign-in and
// transfer links) stay out of the log however they are spelt, credit amounts no one should type
// are refused with a message, and a captain moves no money.

/** Every rider's page, signed in and not: `private` or `no-store`, whatever the answer. */
async function privatePages(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const { own, links, transfers } = world.riders;
  const pages = [
    "/me",
    "/me?sent",
    "/me/details",
    "/me/data",
    "/me/data?erased",
    "/me/data.json",
    "/me/passport",
    `/passport/${own.slug}`,
    "/passport/not-a-passport",
    `/transfer/${transfers.at(-1)}`,
    "/transfer/x",
    `/me/link/${links.at(-1)}`,
    "/me/link/x",
  ];
  for (const page of pages) {
    for (const cookie of [own.cookie, undefined]) {
      const request = client.request("GET", page, { cookie });
      const answer = await client.send(request);
      if (answer)
        client.verdict(await privateAnswer(`GET ${page.replace(/\/[\w-]{20,}$/, "/:token")}`)(answer), request);
    }
  }
  // Refusals too: a form answered with what was typed.
  for (const [path, fields] of [
    [
      "/me",
      [
        ["intent", "request-link"],
        ["email", "not an address"],
      ],
    ],
    ["/me", [["intent", "sign-in"]]],
    ["/me/details", [["mobile", "12"]]],
    ["/me/data", [["confirmEmail", "someone@else.test"]]],
    ["/me/passport", [["intent", "shout"]]],
  ] as [string, [string, string][]][]) {
    for (const cookie of [own.cookie, undefined]) {
      const request = client.request("POST", path, { cookie, ...formBody(fields, "form"), ip: "10.213.0.1" });
      const answer = await client.send(request);
      if (!answer) continue;
      client.verdict(await privateAnswer(`POST ${path}`)(answer), request);
      client.verdict(refusalWithoutMessage(answer, `${path} ${cookie ? "signed in" : "signed out"}`), request);
    }
  }
}

/** A public passport: it opens, with a first name and figures, never an address or a phone number. */
async function discreetPassport(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const { own } = world.riders;
  const request = client.request("GET", `/passport/${own.slug}`);
  const answer = await client.send(request);
  client.verdict(answer?.status === 200 ? null : `a public passport does not open (${answer?.status})`, request);
  const shown = [own.email, own.mobile, `+91${own.mobile}`].filter((secret) => answer?.body.includes(secret));
  client.verdict(
    shown.length > 0 ? "a public passport shows its rider's email address or phone number" : null,
    request,
  );
}

/** Sign-in and transfer links spelt as a router reads them alike: the log is read for their tokens at the end. */
async function secretPathSpellings(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const link = world.riders.links.at(-1)!;
  const transfer = world.riders.transfers.at(-1)!;
  for (const [route, token] of [
    ["me/link", link],
    ["transfer", transfer],
  ] as const) {
    const [first, second = ""] = route.split("/");
    const spellings = [
      `/${route}/${token}`,
      `/${route.toUpperCase()}/${token}`,
      `//${route}//${token}`,
      `/${route}/${token}/`,
      `/${route}/${token}/more`,
      `/${route}/${token}?again=${token}`,
      `/x/../${route}/${token}`,
      `/${route}/./${token}`,
      `/%${first!.charCodeAt(0).toString(16)}${first!.slice(1)}${second ? `/${second}` : ""}/${token}`,
      `/${route}/${token}%2F..`,
      `/${route}/${token}.json`,
      // A dot makes it a file's path, and the traversal a folder of the build's (a 301 once).
      `/${route}/..%2f..%2fadmin`,
    ];
    for (const path of spellings) {
      const request = client.request("GET", path);
      const answer = await client.send(request);
      if (answer) client.verdict(await privateAnswer(`GET /${route}/:token spelt otherwise`)(answer), request);
    }
  }
}

/** Credit amounts no admin should type: each refused with a message under the form, nothing written. */
async function creditAmounts(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const { own } = world.riders;
  const state = () => storedState(world.db);
  const path = `/admin/riders/${own.id}/credit`;
  const post = (amount: string, note = "Probe", cookie = world.owner.cookie) =>
    client.request("POST", path, {
      cookie,
      ...formBody(
        [
          ["intent", "adjust"],
          ["amount", amount],
          ["note", note],
        ],
        "form",
      ),
      expect: { state },
    });
  const refusedWithMessage = (answer: Answer | null) => answer?.status === 400 && answer.body.includes('role="alert"');
  for (const amount of [
    "0",
    "-0",
    "0.001",
    "1e3",
    "NaN",
    "Infinity",
    "100000001",
    "9007199254740993",
    "500\n1",
    " ",
    "--5",
    "+-5",
    "१२३",
    "１２３",
    "5-",
  ]) {
    const request = post(amount);
    const answer = await client.send(request);
    client.verdict(
      refusedWithMessage(answer)
        ? null
        : `a credit adjustment of ${JSON.stringify(amount)} got ${answer?.status}, not a 400 with a message`,
      request,
    );
  }
  for (const note of ["", "   ", "x".repeat(501)]) {
    const request = post("+5", note);
    const answer = await client.send(request);
    client.verdict(
      refusedWithMessage(answer)
        ? null
        : `a credit adjustment with note of ${note.length} characters got ${answer?.status}`,
      request,
    );
  }
  const before = await creditLeftOf(world.db, own.id);
  // +₹5, −₹5.50, +₹1,000, −₹1,000: ₹0.50 less in all.
  for (const amount of ["+5", "-5.50", "₹1,000", "−1000"]) {
    const request = post(amount);
    const answer = await client.send(request);
    client.verdict(answer?.status === 200 ? null : `a credit adjustment of ${amount} got ${answer?.status}`, request);
  }
  const after = await creditLeftOf(world.db, own.id);
  client.verdict(
    after === before - 50 ? null : `four adjustments moved the credit by ${after - before} paise, not -50`,
    {
      head: `POST ${path}`,
      body: "",
    },
  );
}

/** A captain on the money: the ledger, the directory and the Riders page's decision are refused, nothing changed. */
async function captainOnMoney(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const { own, ridden, pendingCredit } = world.riders;
  const cookie = world.captains[0]!.cookie;
  const state = () => storedState(world.db);
  const requests = [
    client.request("POST", `/admin/riders/${own.id}/credit`, {
      cookie,
      ...formBody(
        [
          ["intent", "adjust"],
          ["amount", "+500"],
          ["note", "Captain"],
        ],
        "form",
      ),
      expect: { state },
    }),
    client.request("POST", `/admin/riders/${own.id}/credit`, {
      cookie,
      ...formBody(
        [
          ["intent", "confirm"],
          ["entryId", pendingCredit[0]!],
          ["amount", "1"],
        ],
        "form",
      ),
      expect: { state },
    }),
    client.request("POST", `/admin/rides/${ridden.rideId}/riders`, {
      cookie,
      type: "application/json",
      body: JSON.stringify({
        intent: "credit",
        id: ridden.registrationId,
        decision: "confirm",
        entryId: pendingCredit[0],
        amount: "1",
      }),
      expect: { state },
    }),
    client.request("POST", `/admin/riders/${own.id}`, {
      cookie,
      type: "application/json",
      body: JSON.stringify({ intent: "note", note: "Captain's note" }),
      expect: { state },
    }),
    client.request("GET", "/admin/riders", { cookie }),
    client.request("GET", `/admin/riders/${own.id}`, { cookie }),
    client.request("GET", `/admin/riders/${own.id}/credit`, { cookie }),
  ];
  for (const request of requests) {
    const answer = await client.send(request);
    client.verdict(
      answer?.status === 403
        ? null
        : `${request.label.replace(/[0-9a-f-]{36}/g, ":id")} answered ${answer?.status} to a captain, not 403`,
      request,
    );
  }
}

export async function riderProbes(s: Surfaces): Promise<void> {
  await privatePages(s);
  await discreetPassport(s);
  await secretPathSpellings(s);
  await creditAmounts(s);
  await captainOnMoney(s);
}
