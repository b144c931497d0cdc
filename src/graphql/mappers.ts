/** The parent value of a `User`: its id; every field loads through the services as that user. */
export type UserParent = { id: string };
