/**
 * The intent parser (app/web/forms.server.ts): which button was pressed, and
 * the fields its branch needs, or a 400 DomainError saying what was wrong.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "~/domain/errors.server";
import { formError, formList, parseIntent, readForm } from "~/web/forms.server";

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), name: z.string().min(1) }),
  z.object({ intent: z.literal(["trash", "delete"]), id: z.string() }),
  z.object({ intent: z.literal("bulk"), ids: formList(z.string()) }),
]);

const form = (lists: Record<string, string[] | undefined>) => ({
  lists: lists as Record<string, string[]>,
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error("expected a refusal");
};

describe("parseIntent", () => {
  it("returns the pressed button's branch, typed", () => {
    expect(parseIntent(form({ intent: ["add"], name: ["News"] }), Schema)).toEqual({
      intent: "add",
      name: "News",
    });
    expect(parseIntent(form({ intent: ["delete"], id: ["7"], extra: ["x"] }), Schema)).toEqual({
      intent: "delete",
      id: "7",
    });
  });

  it("reads repeated fields as lists, one value or none", () => {
    expect(parseIntent(form({ intent: ["bulk"], ids: ["1", "2"] }), Schema)).toEqual({
      intent: "bulk",
      ids: ["1", "2"],
    });
    expect(parseIntent(form({ intent: ["bulk"], ids: ["1"] }), Schema).intent).toBe("bulk");
    expect(parseIntent(form({ intent: ["bulk"] }), Schema)).toEqual({ intent: "bulk", ids: [] });
  });

  it("uses the fallback only when no intent was sent", () => {
    expect(parseIntent(form({ name: ["A"] }), Schema, "add").intent).toBe("add");
    expect(refusal(() => parseIntent(form({ intent: ["nuke"] }), Schema, "add")).message).toBe(
      "Unknown action",
    );
  });

  it("refuses an unknown or missing intent, and a bad field, with a 400 naming it", () => {
    for (const lists of [{ intent: ["nuke"] }, {}, { intent: ["add", "delete"] }]) {
      const error = refusal(() => parseIntent(form(lists), Schema));
      expect(error).toBeInstanceOf(DomainError);
      expect([error.status, error.message]).toEqual([400, "Unknown action"]);
    }
    const bad = refusal(() => parseIntent(form({ intent: ["add"], name: [""] }), Schema));
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^name: /);
  });
});

describe("readForm and formError", () => {
  it("reads a urlencoded form's first values and lists; refuses anything else with 400", async () => {
    const body = new URLSearchParams([
      ["intent", "bulk"],
      ["ids", "1"],
      ["ids", "2"],
    ]);
    const read = await readForm(new Request("http://x/", { method: "POST", body }));
    expect(read.fields).toEqual({ intent: "bulk", ids: "1" });
    expect(read.lists.ids).toEqual(["1", "2"]);
    const json = new Request("http://x/", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    await expect(readForm(json)).rejects.toMatchObject({ status: 400 });
  });

  it("answers every refusal in one shape, never echoing a password", () => {
    const answer = formError(new DomainError(409, "Taken"), {
      prefix: "Error adding user",
      values: { email: "a@b.c", password: "secret" },
      intent: "add",
    });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({
      error: "Error adding user: Taken",
      values: { email: "a@b.c" },
      intent: "add",
    });
    expect(
      formError(new DomainError(403, "No"), { message: () => "Error deleting post" }).data,
    ).toEqual({ error: "Error deleting post", values: {}, intent: null });
    expect(() => formError(new Error("boom"))).toThrow("boom");
  });
});
