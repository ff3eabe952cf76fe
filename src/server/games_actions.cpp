// What players do: moves, the end of a game, resignations, draws, aborts,
// claims, and the games nobody finishes.
#include <algorithm>

#include "game/record.h"
#include "server/games.h"
#include "server/room.h"

namespace chimera::server {

ApiError GameService::apply_move(Room& room, const MoveInput& input) {
    StoredGame& g = room.data;
    if (g.result != "*") return fail(409, "the game is over");
    const int mover = room.game->side_to_move();
    std::int64_t remaining = g.remaining_ms[mover];
    const std::int64_t now = now_ms();
    // Only a timed move earns the increment (not a game's first move, nor the
    // first after moves given with it).
    const bool timed = clock_running(room);
    if (timed) {
        remaining -= now - room.data.turn_started_ms;
        if (remaining < 0) {
            if (Status s = flag(room, mover); !s) return storage_failure(s);
            return fail(409, "time is up: the game was lost on time");
        }
    }
    std::string san, lan;
    const Status played = std::holds_alternative<Move>(input)
                              ? room.game->play(std::get<Move>(input), &san, &lan)
                              : room.game->play(std::get<std::string_view>(input), &san, &lan);
    if (!played) return fail(400, played.message());
    const std::int64_t saved_remaining = g.remaining_ms[mover];
    const std::int64_t saved_started = room.data.turn_started_ms;
    const int saved_offer = g.draw_offer, saved_takeback = g.takeback_offer;
    if (g.base_ms > 0) {
        g.remaining_ms[mover] = timed ? remaining + g.inc_ms : remaining;
        room.data.turn_started_ms = now;
    }
    if (g.draw_offer == 1 - mover) g.draw_offer = -1;  // moving declines the opponent's offer
    g.takeback_offer = -1;  // a move changes what a takeback would take back
    g.lan.push_back(lan);
    g.san.push_back(san);
    g.updated_ms = now;
    const Outcome o = room.game->outcome();
    Status stored = Status::ok();
    if (o != Outcome::ONGOING) {
        g.result = game::result_text(static_cast<int>(o), room.game->side_to_move());
        g.termination = outcome_name(o);
        g.draw_offer = g.takeback_offer = -1;
        stored = rate_result(g, now);  // a rated game's ratings, stored with its end
        room.players_read = false;
    }
    if (stored) stored = storage_->append_move(g, lan, san);
    if (Status s = stored; !s) {
        // Not stored, so not accepted: put everything back.
        (void)room.game->undo();
        g.lan.pop_back();
        g.san.pop_back();
        g.remaining_ms[mover] = saved_remaining;
        room.data.turn_started_ms = saved_started;
        g.draw_offer = saved_offer;
        g.takeback_offer = saved_takeback;
        g.result = "*";
        g.termination.clear();
        g.with_write.clear();
        return storage_failure(s);
    }
    ++room.version;
    if (g.result != "*" && room.thinking) room.thinking->stop();
    schedule_computer(room);
    publish(room);
    if (g.result != "*") retire(room);
    return {};
}

MoveAck GameService::move(const std::string& id, const std::string& token, const std::string& text,
                          ApiError& err) {
    return with_room(id, err, [&](Room& room) -> MoveAck {
        const int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (room.data.result != "*") return refused(err, fail(409, "the game is over"));
        if ((err = disabled_seat(room, seat))) return {};
        const int stm = room.game->side_to_move();
        if (seat != kViewerBoth && seat != stm)
            return refused(err, fail(409, "it is not your turn"));
        if (room.data.computer_side == stm)
            return refused(err, fail(409, "it is the computer's turn"));
        if ((err = computer_has_room(room))) return {};
        if ((err = apply_move(room, MoveInput{std::string_view(text)}))) return {};
        return MoveAck{room.data.lan.size(), room.data.san.back()};
    });
}

// A seat whose account has been disabled plays no more (it may still resign).
ApiError GameService::disabled_seat(const Room& room, int seat) const {
    if (!account_disabled || seat < 0 || seat > 1 || room.data.account[seat].empty()) return {};
    if (!account_disabled(room.data.account[seat])) return {};
    return fail(403, "this account is disabled: it can no longer play");
}

// The flag of `side` has fallen: the other side wins, unless it cannot mate (FIDE 6.9).
Status GameService::flag(Room& room, int side) {
    if (!room.game->can_mate(Color(1 - side)))
        return end_game(room, "1/2-1/2", "time forfeit, no mating material");
    return end_game(room, side == 0 ? "0-1" : "1-0", "time forfeit");
}

Status GameService::end_game(Room& room, const std::string& result,
                             const std::string& termination) {
    StoredGame& g = room.data;
    if (g.result != "*") return Status::ok();
    const StoredGame before = g;
    if (g.base_ms > 0 && clock_running(room)) {
        const int stm = room.game->side_to_move();
        g.remaining_ms[stm] = std::max<std::int64_t>(0, live_remaining(room, stm));
    }
    g.result = result;
    g.termination = termination;
    g.draw_offer = g.takeback_offer = -1;
    g.updated_ms = now_ms();
    Status stored = rate_result(g, g.updated_ms);  // a rated game's ratings, stored with its end
    if (stored) stored = storage_->update_game(g);
    if (!stored) {
        // Not stored, so not decided: the game goes on as it was.
        g = before;
        return stored;
    }
    room.players_read = false;
    if (room.thinking) room.thinking->stop();
    ++room.version;
    publish(room);
    retire(room);
    return Status::ok();
}

ActionAck GameService::resign(const std::string& id, const std::string& token, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> ActionAck {
        int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (room.data.result != "*") return refused(err, fail(409, "the game is over"));
        if (seat == kViewerBoth)
            seat = room.game->side_to_move();  // one device: the side to move resigns
        if (Status s = end_game(room, seat == 0 ? "0-1" : "1-0",
                                std::string(kSideName[seat]) + " resigned");
            !s)
            return refused(err, storage_failure(s));
        return ActionAck{room.data.result, -1};
    });
}

ActionAck GameService::draw(const std::string& id, const std::string& token,
                            const std::string& action, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> ActionAck {
        StoredGame& g = room.data;
        int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if ((err = disabled_seat(room, seat))) return {};
        if (g.result != "*") return refused(err, fail(409, "the game is over"));
        if (g.mode == "computer")
            return refused(err,
                           fail(409, "draws are agreed between people, not with the computer"));
        if (seat == kViewerBoth)
            seat = action == "offer" ? room.game->side_to_move() : 1 - g.draw_offer;
        const int offer_before = g.draw_offer;
        const std::int64_t updated_before = g.updated_ms;
        if (action == "offer") {
            if (g.draw_offer == 1 - seat) {
                if (Status s = end_game(room, "1/2-1/2", "draw agreed"); !s)
                    return refused(err, storage_failure(s));
                return ActionAck{g.result, -1};
            }
            g.draw_offer = seat;
        } else if (action == "accept") {
            if (g.draw_offer < 0 || g.draw_offer == seat)
                return refused(err, fail(409, "there is no draw offer to accept"));
            if (Status s = end_game(room, "1/2-1/2", "draw agreed"); !s)
                return refused(err, storage_failure(s));
            return ActionAck{g.result, -1};
        } else if (action == "decline") {
            if (g.draw_offer < 0 || g.draw_offer == seat)
                return refused(err, fail(409, "there is no draw offer to decline"));
            g.draw_offer = -1;
        } else {
            return refused(err, fail(400, "action must be offer, accept or decline"));
        }
        g.updated_ms = now_ms();
        if (Status s = storage_->update_game(g); !s) {
            g.draw_offer = offer_before;
            g.updated_ms = updated_before;
            return refused(err, storage_failure(s));
        }
        ++room.version;
        publish(room);
        return ActionAck{"", g.draw_offer, g.takeback_offer};
    });
}

ActionAck GameService::abort(const std::string& id, const std::string& token, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> ActionAck {
        if (seat_of(room, token) == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (room.data.result != "*") return refused(err, fail(409, "the game is over"));
        if (!abortable(room.data))
            return refused(err,
                           fail(409, "both sides have moved: the game can no longer be aborted"));
        if (Status s = end_game(room, std::string(kAborted), "aborted"); !s)
            return refused(err, storage_failure(s));
        return ActionAck{room.data.result, -1};
    });
}

ActionAck GameService::take_back(const std::string& id, const std::string& token,
                                 const std::string& action, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> ActionAck {
        StoredGame& g = room.data;
        const int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (g.result != "*") return refused(err, fail(409, "the game is over"));
        if ((err = disabled_seat(room, seat))) return {};
        if (action != "offer" && action != "accept" && action != "decline")
            return refused(err, fail(400, "action must be offer, accept or decline"));
        const std::size_t played = g.lan.size() - std::min(g.lan.size(), g.given_plies);
        if (g.mode != "online") {
            if (action != "offer")
                return refused(err, fail(409,
                                         "there is no takeback offer here: a takeback "
                                         "against the computer or on one device is at once"));
            // Against the computer: back to the player's move before their last one
            // (the computer's reply too, if it has played it); on one device, one ply.
            const std::size_t n =
                g.mode == "computer" && room.game->side_to_move() != g.computer_side ? 2 : 1;
            if (played < n)
                return refused(err,
                               fail(409, played == 0 ? "no move has been played here to take back"
                                                     : "only the computer has moved here: there "
                                                       "is no move of yours to take back"));
            if ((err = undo_plies(room, n))) return {};
            return ActionAck{"", -1};
        }
        // Online: asked by one player, granted by the other.
        const int asker = action == "offer" ? seat : 1 - seat;
        if (action != "offer" && g.takeback_offer != asker)
            return refused(err, fail(409, "there is no takeback offer to " + action));
        if (action == "offer" && g.takeback_offer == seat)
            return ActionAck{"", g.draw_offer, g.takeback_offer};
        // The asker's last move, and the reply to it if there is one.
        const std::size_t n = room.game->side_to_move() == asker ? 2 : 1;
        if (played < n) return refused(err, fail(409, "you have played no move here to take back"));
        if (action == "accept" || (action == "offer" && g.takeback_offer == 1 - seat)) {
            // Accepted (or asked for by both: the later asker's move goes back).
            if ((err = undo_plies(room, n))) return {};
            return ActionAck{"", -1};
        }
        const int offer_before = g.takeback_offer;
        const std::int64_t updated_before = g.updated_ms;
        g.takeback_offer = action == "offer" ? seat : -1;
        g.updated_ms = now_ms();
        if (Status s = storage_->update_game(g); !s) {
            g.takeback_offer = offer_before;
            g.updated_ms = updated_before;
            return refused(err, storage_failure(s));
        }
        ++room.version;
        publish(room);
        return ActionAck{"", g.draw_offer, g.takeback_offer};
    });
}

// Takes the last n plies back, stored like a move. With a clock the times stay
// as they stand (the side whose clock ran is charged its time so far) and the
// side to move after it starts its turn now: no time is given back.
ApiError GameService::undo_plies(Room& room, std::size_t n) {
    StoredGame& g = room.data;
    const std::int64_t now = now_ms();
    const bool timed = clock_running(room);
    if (timed) {
        const int stm = room.game->side_to_move();
        if (live_remaining(room, stm) <= 0) {
            if (Status s = flag(room, stm); !s) return storage_failure(s);
            return fail(409, "time is up: the game was lost on time");
        }
    }
    const StoredGame before = g;
    if (timed) {
        const int stm = room.game->side_to_move();
        g.remaining_ms[stm] -= now - g.turn_started_ms;
        g.turn_started_ms = now;
    }
    const std::size_t stored = g.lan.size();
    g.lan.resize(stored - n);
    g.san.resize(stored - n);
    g.draw_offer = -1;
    g.takeback_offer = -1;
    g.updated_ms = now;
    if (Status s = storage_->take_back(g, stored); !s) {
        g = before;  // not stored, so not taken back
        return storage_failure(s);
    }
    for (std::size_t i = 0; i < n; ++i) (void)room.game->undo();
    // A computer search for the position taken back is stopped, and its job
    // dropped (same_line): the next move queues a new one.
    if (room.thinking) room.thinking->stop();
    room.computer_queued = false;
    ++room.version;
    publish(room);
    return {};
}

ActionAck GameService::claim(const std::string& id, const std::string& token, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> ActionAck {
        const StoredGame& g = room.data;
        const int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if ((err = disabled_seat(room, seat))) return {};
        if (g.result != "*") return refused(err, fail(409, "the game is over"));
        if (g.mode != "online")
            return refused(err,
                           fail(409, "only an online game is claimed when the opponent leaves"));
        if (abortable(g))
            return refused(err, fail(409, "not both sides have moved: abort the game instead"));
        if (g.base_ms > 0)
            return refused(err, fail(409, "the clock decides a timed game: there is no claim"));
        const int other = 1 - seat;
        if (g.away_ms[other] == 0) return refused(err, fail(409, "your opponent is connected"));
        if (!away_for(room, other, now_ms(), rules_.absence_ms))
            return refused(err,
                           fail(409, "your opponent has been away for less than " +
                                         std::to_string((rules_.absence_ms + 999) / 1000) + " s"));
        if (Status s = end_game(room, seat == 0 ? "1-0" : "0-1", abandoned(other)); !s)
            return refused(err, storage_failure(s));
        return ActionAck{g.result, -1};
    });
}

// Games nobody will finish (docs/api.md, "Aborting and leaving a game"): an
// invitation nobody took; a game its players left before both sides moved
// (aborted); an untimed computer game its human left after (lost). An online game left after
// both moved waits for a claim; a timed one for the flag; a local one goes on.
// On a storage error the game is tried again at the next tick.
void GameService::end_abandoned(Room& r, std::int64_t now) {
    const StoredGame& g = r.data;
    // With several servers the holder of the game's lease decides, on the
    // presence all of them store.
    if (g.result != "*" || !on_duty(r)) return;
    Status ended = Status::ok();
    if (g.mode == "online" && !seated(g)) {
        if (now - std::max(g.created_ms, started_ms_) >= rules_.invite_ms)
            ended = end_game(r, std::string(kAborted), "aborted");
    } else {
        const std::int64_t limit = g.mode == "online" ? rules_.absence_ms : rules_.abandon_ms;
        for (int side = 0; side < 2; ++side) {
            if (g.computer_side == side || !away_for(r, side, now, limit)) continue;
            if (abortable(g)) {
                ended = end_game(r, std::string(kAborted), "aborted");
            } else if (g.mode == "computer" && g.base_ms == 0) {
                ended = end_game(r, side == 0 ? "0-1" : "1-0", abandoned(side));
            }
            break;
        }
    }
    if (ended.is_conflict()) (void)refresh(r);
}

}  // namespace chimera::server
