import { describe, expect, it } from "vitest";
import { beginInteractiveQuestion, interactiveQuestions, waitForBatchTurn } from "./question-queue";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the question queue", () => {
  it("lets a batch question start only when no hand-asked question runs", async () => {
    const endFirst = beginInteractiveQuestion();
    const endSecond = beginInteractiveQuestion();
    let started = false;
    const turn = waitForBatchTurn().then(() => {
      started = true;
    });
    await settle();
    expect(started).toBe(false);
    endFirst();
    endFirst(); // ending twice counts once
    await settle();
    expect(interactiveQuestions()).toBe(1);
    expect(started).toBe(false);
    endSecond();
    await turn;
    expect(started).toBe(true);
  });

  it("starts at once when nobody is asking, and gives up when the batch is cancelled", async () => {
    await waitForBatchTurn();
    const end = beginInteractiveQuestion();
    const controller = new AbortController();
    const waiting = waitForBatchTurn(controller.signal);
    controller.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
    end();
  });
});
