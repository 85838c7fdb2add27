// The person's games, kept in this browser's localStorage: id, token, scenario, side, started.

const KEY = "warroom.games";

export function loadGames() {
  try {
    const games = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(games) ? games.filter((g) => g && g.id && g.token) : [];
  } catch {
    return [];
  }
}

function save(games) {
  localStorage.setItem(KEY, JSON.stringify(games));
}

/** Remember a game (replacing an entry of the same id and token). */
export function remember(game) {
  const games = loadGames().filter((g) => !(g.id === game.id && g.token === game.token));
  games.unshift(game);
  save(games);
}

export function forget(id, token) {
  save(loadGames().filter((g) => !(g.id === id && g.token === token)));
}
