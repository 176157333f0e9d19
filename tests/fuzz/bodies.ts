import fc from "fast-check";

// Bodies as each kind of client sends them (decision 018's note): the form a browser posts, the
// JSON the admin pages' scripts send, and what neither sends (text, a multipart form cut short,
// JSON to a form, a form to JSON), which every action must refuse without changing anything.

export type Fields = [string, string][];

export type Encoding = "form" | "multipart" | "json" | "text" | "broken-multipart" | "broken-json";

export type Body = { type: string; body: string; encoding: Encoding };

const BOUNDARY = "----fuzz7MA4YWxkTrZu0gW";

function multipart(fields: Fields): string {
  const parts = fields.map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join("")}--${BOUNDARY}--\r\n`;
}

/** The fields as a JSON object; a name given more than once becomes a list. */
function asObject(fields: Fields): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [name, value] of fields) {
    const known = object[name];
    object[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return object;
}

/** Form fields in `encoding`. */
export function formBody(fields: Fields, encoding: Encoding): Body {
  switch (encoding) {
    case "form":
      return { encoding, type: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() };
    case "multipart":
      return { encoding, type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(fields) };
    case "json":
      return { encoding, type: "application/json", body: JSON.stringify(asObject(fields)) };
    case "text":
      return { encoding, type: "text/plain", body: fields.map(([name, value]) => `${name}=${value}`).join("\n") };
    case "broken-multipart":
      return { encoding, type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(fields).slice(0, -30) };
    case "broken-json":
      return { encoding, type: "application/json", body: JSON.stringify(asObject(fields)).slice(0, -1) };
  }
}

/** A JSON object in `encoding` (a form carries it as its fields' text). */
export function jsonBody(value: Record<string, unknown>, encoding: Encoding): Body {
  if (encoding === "json") return { encoding, type: "application/json", body: JSON.stringify(value) };
  if (encoding === "broken-json") return { encoding, type: "application/json", body: JSON.stringify(value).slice(1) };
  const fields: Fields = Object.entries(value).map(([name, field]) => [
    name,
    typeof field === "string" ? field : JSON.stringify(field),
  ]);
  return formBody(fields, encoding);
}

/** Whether a route that reads forms can read this body. */
export const formReadable = (body: Body) => body.encoding === "form" || body.encoding === "multipart";

/** Whether a route that reads JSON can read this body. */
export const jsonReadable = (body: Body) => body.encoding === "json";

/** Mostly what the route reads, now and then what it does not. */
export function encodingFor(reads: "form" | "json") {
  return fc.oneof(
    { arbitrary: fc.constant<Encoding>(reads === "form" ? "form" : "json"), weight: 6 },
    { arbitrary: fc.constant<Encoding>(reads === "form" ? "multipart" : "broken-json"), weight: 1 },
    { arbitrary: fc.constantFrom<Encoding>("json", "text", "broken-multipart", "form"), weight: 2 },
  );
}
