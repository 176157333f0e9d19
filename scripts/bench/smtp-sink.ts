// The mail server of bench:messages, in a process of its own so that receiving the mails costs
// neither the delivering process nor the reference: smtp-server accepting every message.
// Answers "count" with how many messages it took so far; prints its URL first.
import { SMTPServer } from "smtp-server";

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  // A real server's reverse lookup of each client would measure the resolver, not the senders.
  disableReverseLookup: true,
  maxClients: 100,
  onData(stream, _session, callback) {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      received += 1;
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => {
  const address = server.server.address();
  process.send?.({ url: `smtp://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` });
});
process.on("message", (message) => {
  if (message === "count") process.send?.({ count: received });
  if (message === "stop") server.close(() => process.exit(0));
});
