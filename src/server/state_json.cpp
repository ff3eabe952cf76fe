#include "server/state_json.h"

#include <algorithm>

#include "server/json_text.h"

namespace chimera::server {

namespace {
constexpr const char* kSideName[2] = {"white", "black"};
}  // namespace

void encode_shared_state(const StoredGame& g, std::uint64_t version, const Game& position,
                         StateCache& cache) {
    if (cache.version == version) return;
    if (cache.moves_written > g.lan.size()) cache.moves_written = 0, cache.moves_text.clear();
    for (; cache.moves_written < g.lan.size(); ++cache.moves_written) {
        JsonText m(cache.moves_text);
        if (cache.moves_written > 0) cache.moves_text += ',';
        m.begin_object()
            .field("lan", g.lan[cache.moves_written])
            .field("san", g.san[cache.moves_written])
            .end_object();
    }
    const BoardView v = position.view();
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
        .field("fen", position.fen())
        .field("version", version);
    j.key("board").begin_object();
    j.field("kind", board_kind_name(v.info->board));
    j.key("dims")
        .begin_array()
        .value(v.dims[0])
        .value(v.dims[1])
        .value(v.dims[2])
        .value(v.dims[3])
        .end_array();
    j.key("squares").strings(v.squares);
    j.field("pieces", v.pieces).field("dormant", v.dormant).field("groups", v.groups);
    j.key("hands").begin_object().field("white", v.hand[0]).field("black", v.hand[1]).end_object();
    j.key("checked").strings(v.checked);
    j.end_object();
    j.field("turn", kSideName[v.side_to_move]);
    j.key("moves").raw_array(cache.moves_text);
    j.key("legal_moves").begin_array();
    if (g.result == "*")
        for (const MoveDetail& d : position.legal_move_details()) {
            j.begin_object()
                .field("lan", d.lan)
                .field("san", d.san)
                .field("from", d.from)
                .field("to", d.to);
            j.field("kind", action_name(d.action))
                .field("piece", std::string_view(&d.piece, d.piece ? 1 : 0));
            j.key("captures").strings(d.captures).end_object();
        }
    j.end_array();
    j.field("status", status_name(g.result))
        .field("result", public_result(g.result))
        .field("termination", g.termination);
    j.key("draw_offer");
    if (g.draw_offer < 0)
        j.null();
    else
        j.value(kSideName[g.draw_offer]);
    cache.capacity = std::max(cache.capacity, out.size() + 256);
    cache.version = version;
}

std::string encode_state(const StateCache& cache, const ViewerState& v) {
    std::string out;
    out.reserve(cache.shared.size() + 256);
    out += cache.shared;
    JsonText j(out, JsonText::Continue{});
    j.key("clock");
    if (v.clock) {
        j.begin_object()
            .field("base_ms", v.base_ms)
            .field("inc_ms", v.inc_ms)
            .field("white_ms", v.remaining_ms[0])
            .field("black_ms", v.remaining_ms[1])
            .key("running");
        if (v.running >= 0)
            j.value(kSideName[v.running]);
        else
            j.null();
        j.end_object();
    } else {
        j.null();
    }
    j.key("seats").begin_object().field("white", v.seat[0]).field("black", v.seat[1]).end_object();
    j.key("you");
    if (v.you == 2)
        j.value("both");
    else if (v.you >= 0)
        j.value(kSideName[v.you]);
    else
        j.null();
    if (!v.invite.empty()) j.field("invite", v.invite);
    j.key("present")
        .begin_object()
        .field("white", v.present[0])
        .field("black", v.present[1])
        .end_object();
    j.field("abortable", v.abortable);
    if (v.claim_in_ms >= 0) j.field("claim_in_ms", v.claim_in_ms);
    out += '}';
    return out;
}

}  // namespace chimera::server
