// Each game's drawing, found by its ruleset (as each game's kit draws the terminal's board).

import {drawCF, headerCF, unitRowsCF, extrasCF, legendCF, hintCF, boxCF} from "./board_cf.js";
import {drawBrigade, headerBrigade, unitRowsBrigade, extrasBrigade, legendBrigade} from "./board_brigade.js";

const BOARDS = {
  "company-fire": {draw: drawCF, header: headerCF, rows: unitRowsCF, extras: extrasCF, legend: legendCF, hint: hintCF,
    box: boxCF},
  brigade: {draw: drawBrigade, header: headerBrigade, rows: unitRowsBrigade, extras: extrasBrigade, legend: legendBrigade,
    hint: () => {}, box: () => null},
};

export function board(ruleset) {
  const b = BOARDS[ruleset];
  if (!b) throw new Error(`the pages cannot draw ${ruleset}; they draw ${Object.keys(BOARDS).join(", ")}`);
  return b;
}

export const GAME_NAMES = {"company-fire": "Company Fire", brigade: "Brigade"};
