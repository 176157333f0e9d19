/**
 * One type of what a registry's entries each add (their facts, their settings), as if written
 * in one: the union of their types made an intersection.
 */
export type AllOf<Union> = (Union extends unknown ? (part: Union) => void : never) extends (part: infer All) => void
  ? All
  : never;
