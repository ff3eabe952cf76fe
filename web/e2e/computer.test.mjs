// Games against the computer played with the mouse (computer_games.mjs): chess and Wreckage.
import { computerGames } from "./computer_games.mjs";

computerGames([
  { variant: "chess", side: "white" },
  { variant: "wreckage", side: "white" },
]);
