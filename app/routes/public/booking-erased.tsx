import { BookingNotFound } from "~/components/registration/booking-page";
import { pageTitle } from "~/domain/site";

// Where a rider's erasure of their registration lands (decision 020): the booking's own link
// opens nothing any more, so the answer is this page, reached by a redirect after the post.

export function meta() {
  return [{ title: pageTitle("Your data is erased") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function BookingErased() {
  return <BookingNotFound erased />;
}
