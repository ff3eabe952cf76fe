// Games against the computer played with the mouse (computer_games.mjs): Wataku and 4D chess (as Black).
import { computerGames } from "./computer_games.mjs";

computerGames([
  { variant: "wataku", side: "white" },
  { variant: "chess4d", side: "black" },
]);
