import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FailedDeliveries } from "./failed-deliveries";

describe("the dashboard's list of what the outbox gave up delivering (decision 029)", () => {
  it("says nothing while everything is delivered", () => {
    expect(renderToString(<FailedDeliveries deliveries={[]} />)).toBe("");
  });

  it("names each entry, its attempts, when it gave up and why", () => {
    const html = renderToString(
      <FailedDeliveries
        deliveries={[
          {
            id: "e1",
            label: "Registration mail for booking RB-K7QX",
            attempts: 10,
            error: "550 <(address)>: mailbox unavailable",
            failedAt: "2027-01-10T04:30:00.000Z",
          },
        ]}
      />,
    );
    expect(html).toContain("Not delivered");
    expect(html).toContain("Registration mail for booking RB-K7QX");
    const text = html.replaceAll("<!-- -->", "");
    expect(text).toMatch(/10 attempts, the last on <time datetime="2027-01-10T04:30:00.000Z">[^<]+<\/time>/i);
    expect(html).toContain("mailbox unavailable");
  });
});
