// A type-erased game for the edges (CLI play, later the protocol and server):
// one virtual call per user action, never per search node. Each instance owns
// its position; there is no shared mutable state.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "variants/registry.h"

namespace chimera {

struct MoveText {
    std::string lan;
    std::string san;
};

// A legal move as a user interface needs it: its texts, its squares, what kind
// of action it is and which squares it empties by capture.
struct MoveDetail {
    std::string lan, san;
    std::string from, to;   // square names; from is empty for drops
    std::string kind;       // move, capture, castling, en-passant, promotion, drop,
                            // detonation, traverse
    std::string piece;      // promotion or dropped piece letter, upper case
    std::vector<std::string> captures;
};

// The position in a variant-neutral form: geometry, one character per cell
// (FEN letter or '.'), dormancy, hands, checked Kings.
struct BoardView {
    std::string variant;
    int dims[4] = {1, 1, 1, 1};
    std::vector<std::string> squares;  // name of each cell, by index
    std::string pieces;
    std::string dormant;                // '1' per dormant piece (Wataku), empty otherwise
    std::string groups;                 // Wataku: King group per point ('0', '1', '2')
    std::string hand[2];                // hand or reserve letters per side
    std::vector<std::string> checked;   // squares of Kings in check
    Color side_to_move = WHITE;
};

class AnyGame {
public:
    virtual ~AnyGame() = default;
    virtual std::string_view variant() const = 0;
    virtual Status set_fen(std::string_view fen) = 0;
    virtual std::string fen() const = 0;
    virtual std::string diagram() const = 0;
    virtual Color side_to_move() const = 0;
    virtual std::vector<MoveText> legal_moves() const = 0;
    // Plays a legal move given in LAN or SAN; on success *san and *lan get its texts.
    virtual Status play(std::string_view text, std::string* san = nullptr,
                        std::string* lan = nullptr) = 0;
    virtual bool undo() = 0;
    virtual Outcome outcome() const = 0;
    virtual bool in_check() const = 0;
    virtual std::vector<MoveDetail> legal_move_details() const = 0;
    virtual BoardView view() const = 0;
    virtual std::size_t ply_count() const = 0;
};

// Creates a game at the variant's start position; nullptr for an unknown id.
std::unique_ptr<AnyGame> make_game(std::string_view variant);

template <class Pos>
class GameOf final : public AnyGame {
public:
    std::string_view variant() const override { return Pos::kId; }
    Status set_fen(std::string_view fen) override {
        Status s = pos_.set_fen(fen);
        if (s) history_.clear();
        return s;
    }
    std::string fen() const override { return pos_.fen(); }
    std::string diagram() const override { return pos_.diagram(); }
    Color side_to_move() const override { return pos_.side_to_move(); }
    std::vector<MoveText> legal_moves() const override {
        typename Pos::Moves moves;
        pos_.legal_moves(moves);
        std::vector<MoveText> out;
        for (Move m : moves) out.push_back({pos_.lan(m), pos_.san(m)});
        return out;
    }
    Status play(std::string_view text, std::string* san, std::string* lan) override {
        std::string error;
        const Move m = pos_.parse_move(text, &error);
        if (m.is_none()) return Status::error(error);
        if (san) *san = pos_.san(m);
        if (lan) *lan = pos_.lan(m);
        pos_.do_move(m);
        history_.push_back(m);
        return Status::ok();
    }
    bool undo() override {
        if (history_.empty()) return false;
        pos_.undo_move(history_.back());
        history_.pop_back();
        return true;
    }
    Outcome outcome() const override { return pos_.outcome(); }
    bool in_check() const override { return pos_.in_check(); }
    std::size_t ply_count() const override { return history_.size(); }

    std::vector<MoveDetail> legal_move_details() const override {
        typename Pos::Moves moves;
        pos_.legal_moves(moves);
        std::vector<MoveDetail> out;
        for (Move m : moves) {
            MoveDetail d{pos_.lan(m), pos_.san(m), "", Pos::square_name(m.to()), "move", "", {}};
            if (m.kind() != MoveKind::DROP) d.from = Pos::square_name(m.from());
            const std::string letters = pos_.lan(m);
            switch (m.kind()) {
                case MoveKind::DROP: d.kind = "drop"; d.piece = letters.substr(0, 1); break;
                case MoveKind::CASTLING: d.kind = "castling"; break;
                case MoveKind::EN_PASSANT: d.kind = "en-passant"; break;
                case MoveKind::DETONATION: d.kind = "detonation"; break;
                case MoveKind::TRAVERSE: d.kind = "traverse"; break;
                case MoveKind::PROMOTION: {
                    d.kind = "promotion";
                    const char c = letters.back();
                    d.piece = std::string(1, static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c));
                    if (d.piece[0] == ']') d.piece = "Q";  // 4D: automatic Queen, no letter
                    break;
                }
                default: break;
            }
            if constexpr (requires { pos_.captures_of(m); }) {
                for (auto c = pos_.captures_of(m); c;) d.captures.push_back(Pos::square_name(pop_lsb(c)));
            } else if (pos_.is_capture(m)) {
                d.captures.push_back(Pos::square_name(m.to()));
            }
            if (d.kind == "move" && !d.captures.empty()) d.kind = "capture";
            out.push_back(std::move(d));
        }
        return out;
    }

    BoardView view() const override {
        BoardView v;
        v.variant = std::string(Pos::kId);
        constexpr Geometry g = Pos::geometry();
        for (int a = 0; a < 4; ++a) v.dims[a] = g.dim[a];
        for (int sq = 0; sq < g.cells(); ++sq) {
            v.squares.push_back(Pos::square_name(sq));
            const char c = pos_.piece_char(sq);
            v.pieces += c ? c : '.';
            if constexpr (requires { pos_.is_active(sq); })
                v.dormant += c && !pos_.is_active(sq) ? '1' : '0';
        }
        if constexpr (requires { pos_.group_marks(); }) v.groups = pos_.group_marks();
        if constexpr (requires { pos_.reserve_text(WHITE); })
            for (Color c : {WHITE, BLACK}) v.hand[c] = pos_.reserve_text(c);
        if constexpr (requires { pos_.checked_kings(); }) {
            for (int sq : pos_.checked_kings()) v.checked.push_back(Pos::square_name(sq));
        } else if (pos_.in_check()) {
            v.checked.push_back(Pos::square_name(pos_.king_square(pos_.side_to_move())));
        }
        v.side_to_move = pos_.side_to_move();
        return v;
    }

private:
    Pos pos_;
    std::vector<Move> history_;
};

inline std::unique_ptr<AnyGame> make_game(std::string_view variant) {
    std::unique_ptr<AnyGame> game;
    with_variant(variant, [&]<class Pos>() { game = std::make_unique<GameOf<Pos>>(); });
    return game;
}

}  // namespace chimera
