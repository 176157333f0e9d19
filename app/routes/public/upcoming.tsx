import { servicesContext } from "~/context";
import { listUpcomingRides } from "~/server/services/rides.server";
import type { Route } from "./+types/upcoming";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  return { rides: await listUpcomingRides(db) };
}

export function meta() {
  return [{ title: "Upcoming rides · Roadbook" }];
}

export default function Upcoming({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-bold">Upcoming rides</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {loaderData.rides.map((ride) => (
          <li key={ride.id} className="rounded border p-4">
            <h2 className="text-xl font-semibold">{ride.title}</h2>
            <p>{ride.description}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
