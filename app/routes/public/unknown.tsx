import { redirect } from "react-router";

// product.md#navigation: any unknown path leads to the upcoming rides, whatever the request method.
export function loader() {
  return redirect("/");
}

export const action = loader;
