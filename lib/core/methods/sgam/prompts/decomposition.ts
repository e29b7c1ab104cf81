import type { StepPrompt } from "../../../reasoner/step";
import { JSON_ONLY } from "../../../reasoner/prompt-safety";

/** SGAM's decomposition prompt, in the spirit of Appendix A.1 (written for this project). */
export function decompositionPrompt(question: string): StepPrompt {
  return {
    system:
      "You take apart questions about tables. Split the question into the conditions that filter the records " +
      "(an identifier, a name, a date, a category, a comparison, a superlative) and the main question: " +
      "what is asked for, " +
      `with the conditions removed. Keep every value exactly as written. ${JSON_ONLY}`,
    prompt: [
      'Example: "For the vehicle model Bolt EV, were any active safety systems activated in case 20335?" → ' +
        '{"conditions": ["the vehicle model is Bolt EV", "the case ID is 20335"], "main": ' +
        '"were any active safety systems activated?"}',
      'Example: "In case 17390, what was the model year of the vehicle with most severe damage to the front?" → ' +
        '{"conditions": ["the case ID is 17390", "the damage to the front is the most severe"], "main": ' +
        '"what was the model year of the vehicle?"}',
      `Question: ${question}`,
      'Return {"conditions": ["..."], "main": "..."}.',
    ].join("\n"),
  };
}
