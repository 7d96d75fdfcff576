import { z } from "zod";

/**
 * What a running embedded shop writes beside its database folder (decision 22): where its operator endpoint
 * listens (127.0.0.1 only) and the token it asks for. Readable by the shop's user only.
 */
export const OperatorFileSchema = z.object({
  url: z.url({ protocol: /^http$/ }),
  token: z.string().min(32),
  pid: z.number().int(),
});
export type OperatorFile = z.infer<typeof OperatorFileSchema>;

/** The endpoint's path of a task. */
export const operatorTaskPath = (task: string) => `/operator/${task}`;

/** An answer the endpoint gives when it does not do the task: the reason, for the operator. */
export const OperatorErrorSchema = z.object({ error: z.string() });
