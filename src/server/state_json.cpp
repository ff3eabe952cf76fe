#include "server/state_json.h"

#include <algorithm>

namespace chimera::server {

namespace {

constexpr const char* kSideName[2] = {"white", "black"};

// An offer's side as JSON: "white", "black" or null.
std::string side_or_null(int side) {
    return side < 0 ? std::string("null") : '"' + std::string(kSideName[side]) + '"';
}

// One move under its group key: the plain string forms when the defaults say
// it all, else an object with the destination and the fields that differ.
void write_compact_move(JsonText& j, const std::string& key, const MoveDetail& d) {
    const bool drop = d.action == MoveAction::DROP;
    const MoveAction default_kind = drop ? MoveAction::DROP : MoveAction::MOVE;
    const char default_piece = drop ? d.piece : 0;
    const bool default_lan = d.lan.size() == key.size() + d.to.size() &&
                             d.lan.compare(0, key.size(), key) == 0 &&
                             d.lan.compare(key.size(), d.to.size(), d.to) == 0;
    // A destination named with a leading 'x' would read as a capture.
    const bool plain = default_lan && d.piece == default_piece && !d.to.empty() && d.to[0] != 'x';
    if (plain && d.action == default_kind && d.captures.empty()) {
        j.value(d.to);
        return;
    }
    if (plain && d.action == MoveAction::CAPTURE && d.captures.size() == 1 &&
        d.captures[0] == d.to) {
        j.value("x" + d.to);
        return;
    }
    j.begin_object().field("to", d.to);
    if (!default_lan) j.field("lan", d.lan);
    if (d.action != default_kind) j.field("kind", action_name(d.action));
    if (d.piece != default_piece) j.field("piece", std::string_view(&d.piece, d.piece ? 1 : 0));
    if (!d.captures.empty()) j.key("captures").strings(d.captures);
    j.end_object();
}

std::string group_key(const MoveDetail& d) {
    return d.action == MoveAction::DROP ? std::string(1, d.piece) + '@' : d.from;
}

// This version's parts, from the stored game and the position.
void build_parts(const StoredGame& g, std::uint64_t version, const Game& position,
                 const BoardView& v, const RoomView& room, SharedParts& p) {
    p.version = version;
    p.plies = g.lan.size();
    p.fen = position.fen();
    p.turn = kSideName[v.side_to_move];
    p.pieces = v.pieces;
    p.dormant = v.dormant;
    p.groups = v.groups;
    p.hands.clear();
    JsonText(p.hands)
        .begin_object()
        .field("white", v.hand[0])
        .field("black", v.hand[1])
        .end_object();
    p.checked.clear();
    JsonText(p.checked).strings(v.checked);
    p.legal.clear();
    JsonText legal(p.legal);
    if (g.result == "*")
        write_compact_legal(legal, position.legal_move_details(Game::Texts::WITHOUT_SAN));
    else
        legal.begin_object().end_object();
    p.status = status_name(g.result);
    p.result = public_result(g.result);
    p.termination = g.termination;
    p.room = room;
    p.draw_offer = side_or_null(g.draw_offer);
    p.takeback_offer = side_or_null(g.takeback_offer);
    p.rematch.clear();
    JsonText rematch(p.rematch);
    rematch.begin_object().key("offer").raw(side_or_null(g.rematch_offer)).key("game");
    if (g.rematch_id.empty())
        rematch.raw("null");
    else
        rematch.value(g.rematch_id);
    rematch.end_object();
    p.seats = std::to_string(g.computer_side) + (g.seat_taken[0] ? '1' : '0') +
              (g.seat_taken[1] ? '1' : '0');
}

// The moves played, as JSON array members, extended by the plies not written yet.
void extend_moves(const StoredGame& g, StateCache& cache) {
    if (cache.moves_written > g.lan.size()) cache.moves_written = 0, cache.moves_text.clear();
    for (; cache.moves_written < g.lan.size(); ++cache.moves_written) {
        JsonText m(cache.moves_text);
        if (cache.moves_written > 0) cache.moves_text += ',';
        m.begin_object()
            .field("lan", g.lan[cache.moves_written])
            .field("san", g.san[cache.moves_written])
            .end_object();
    }
}

// The full state's shared part, up to the viewer's fields.
void write_shared(const StoredGame& g, const BoardView& v, StateCache& cache) {
    const SharedParts& p = cache.parts;
    std::string& out = cache.shared;
    out.clear();
    out.reserve(cache.capacity);
    JsonText j(out);
    j.begin_object()
        .field("type", "state")
        .field("id", g.id)
        .field("variant", g.variant)
        .field("mode", g.mode)
        .field("level", g.level)
        .field("formation", g.formation)
        .field("start_fen", g.start_fen)
        .field("fen", p.fen)
        .field("version", p.version);
    j.key("board").begin_object();
    j.field("kind", board_kind_name(v.info->board));
    j.key("dims").begin_array();
    for (const int d : v.dims) j.value(d);
    j.end_array();
    j.key("squares").strings(v.squares);
    j.field("pieces", p.pieces).field("dormant", p.dormant).field("groups", p.groups);
    j.key("hands").raw(p.hands).key("checked").raw(p.checked);
    j.end_object();
    j.field("turn", p.turn);
    j.key("moves").raw_array(cache.moves_text);
    j.key("legal").raw(p.legal);
    j.field("status", p.status).field("result", p.result).field("termination", p.termination);
    j.key("draw_offer").raw(p.draw_offer).key("takeback_offer").raw(p.takeback_offer);
    j.key("rematch").raw(p.rematch);
    j.field("rated", g.rated).key("players").raw(p.room.players);
    cache.capacity = std::max(cache.capacity, out.size() + 256);
}

void write_clock(JsonText& j, const ClockView& c, bool with_control) {
    j.begin_object();
    if (with_control) j.field("base_ms", c.base_ms).field("inc_ms", c.inc_ms);
    j.field("white_ms", c.remaining_ms[0]).field("black_ms", c.remaining_ms[1]).key("running");
    if (c.running >= 0)
        j.value(kSideName[c.running]);
    else
        j.null();
    j.end_object();
}

void write_present(JsonText& j, const RoomView& room) {
    j.begin_object().field("white", room.present[0]).field("black", room.present[1]).end_object();
}

bool same_presence(const RoomView& a, const RoomView& b) {
    return a.present[0] == b.present[0] && a.present[1] == b.present[1];
}

// The board's parts that changed from a to b, as an object (empty: none did).
std::string board_delta(const SharedParts& a, const SharedParts& b) {
    std::string out;
    JsonText j(out);
    j.begin_object();
    if (a.pieces != b.pieces) j.field("pieces", b.pieces);
    if (a.dormant != b.dormant) j.field("dormant", b.dormant);
    if (a.groups != b.groups) j.field("groups", b.groups);
    if (a.hands != b.hands) j.key("hands").raw(b.hands);
    if (a.checked != b.checked) j.key("checked").raw(b.checked);
    j.end_object();
    return out.size() > 2 ? out : std::string();
}

}  // namespace

void write_compact_legal(JsonText& j, const std::vector<MoveDetail>& moves) {
    // Groups in the order of their first move; a move generator lists each
    // origin's moves together, so the last group is nearly always the one.
    using Group = std::pair<std::string, std::vector<const MoveDetail*>>;
    std::vector<Group> groups;
    for (const MoveDetail& d : moves) {
        std::string key = group_key(d);
        auto same = [&](const Group& grp) { return grp.first == key; };
        if (groups.empty() || !same(groups.back())) {
            const auto it = std::find_if(groups.begin(), groups.end(), same);
            if (it != groups.end()) {
                it->second.push_back(&d);
                continue;
            }
            groups.emplace_back(std::move(key), std::vector<const MoveDetail*>{});
        }
        groups.back().second.push_back(&d);
    }
    j.begin_object();
    for (const auto& [key, list] : groups) {
        j.key(key).begin_array();
        for (const MoveDetail* d : list) write_compact_move(j, key, *d);
        j.end_array();
    }
    j.end_object();
}

void encode_shared_state(const StoredGame& g, std::uint64_t version, const Game& position,
                         const RoomView& room, StateCache& cache) {
    if (cache.parts.version == version) return;
    SharedParts next;
    const BoardView v = position.view();
    build_parts(g, version, position, v, room, next);
    const bool follows = cache.parts.version != kNoVersion && cache.parts.version + 1 == version;
    cache.previous = follows ? std::move(cache.parts) : SharedParts{};
    cache.parts = std::move(next);
    extend_moves(g, cache);
    write_shared(g, v, cache);
}

std::string encode_state(const StateCache& cache, const ViewerState& v) {
    std::string out;
    out.reserve(cache.shared.size() + 256);
    out += cache.shared;
    JsonText j(out, JsonText::Continue{});
    j.key("clock");
    if (v.clock.on)
        write_clock(j, v.clock, true);
    else
        j.null();
    j.key("seats").begin_object().field("white", v.seat[0]).field("black", v.seat[1]).end_object();
    j.key("you");
    if (v.you == 2)
        j.value("both");
    else if (v.you >= 0)
        j.value(kSideName[v.you]);
    else
        j.null();
    if (!v.invite.empty()) j.field("invite", v.invite);
    write_present(j.key("present"), cache.parts.room);
    j.field("abortable", cache.parts.room.abortable);
    if (v.claim_in_ms >= 0) j.field("claim_in_ms", v.claim_in_ms);
    out += '}';
    return out;
}

std::string encode_delta(const StoredGame& g, const StateCache& cache, const ClockView& clock) {
    const SharedParts &a = cache.previous, &b = cache.parts;
    if (a.version == kNoVersion || a.version + 1 != b.version || a.seats != b.seats) return {};
    const bool move = b.plies == a.plies + 1 && !g.lan.empty();
    if (!move && b.plies != a.plies) return {};
    std::string out;
    JsonText j(out);
    j.begin_object().field("type", move ? "move" : "update").field("version", b.version);
    if (move) j.field("ply", b.plies).field("lan", g.lan.back()).field("san", g.san.back());
    if (a.fen != b.fen) j.field("fen", b.fen);
    if (a.turn != b.turn) j.field("turn", b.turn);
    if (const std::string board = board_delta(a, b); !board.empty()) j.key("board").raw(board);
    if (a.legal != b.legal) j.key("legal").raw(b.legal);
    if (clock.on) write_clock(j.key("clock"), clock, false);
    if (a.status != b.status) j.field("status", b.status);
    if (a.result != b.result) j.field("result", b.result);
    if (a.termination != b.termination) j.field("termination", b.termination);
    if (a.draw_offer != b.draw_offer) j.key("draw_offer").raw(b.draw_offer);
    if (a.takeback_offer != b.takeback_offer) j.key("takeback_offer").raw(b.takeback_offer);
    if (a.rematch != b.rematch) j.key("rematch").raw(b.rematch);
    if (!same_presence(a.room, b.room)) write_present(j.key("present"), b.room);
    if (a.room.abortable != b.room.abortable) j.field("abortable", b.room.abortable);
    if (a.room.players != b.room.players) j.key("players").raw(b.room.players);
    j.end_object();
    return out;
}

bool delta_touches_claim(const StateCache& cache) {
    const SharedParts &a = cache.previous, &b = cache.parts;
    return a.status != b.status || a.room.abortable != b.room.abortable ||
           !same_presence(a.room, b.room);
}

std::string with_claim(std::string_view delta, std::int64_t claim_in_ms) {
    std::string out(delta.substr(0, delta.size() - 1));  // without the closing brace
    JsonText j(out, JsonText::Continue{});
    if (claim_in_ms >= 0)
        j.field("claim_in_ms", claim_in_ms);
    else
        j.key("claim_in_ms").null();
    out += '}';
    return out;
}

}  // namespace chimera::server
