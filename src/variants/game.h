// The one type-erased game, for code that must not be templated on the
// variant (the engine facade, CLI play, game records, the server): it owns
// the typed position and the history of moves played since its start, and
// answers with typed values (move details, a board view) that the API edge
// turns into JSON. One virtual call per user action, never per search node;
// the engine searches the typed position inside (position_of). No shared
// mutable state: each instance is independent.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/perft.h"
#include "core/status.h"
#include "core/variant_info.h"
#include "variants/registry.h"

namespace chimera {

struct MoveText {
    std::string lan;
    std::string san;
};

// What kind of action a legal move is, as a board needs to show it.
enum class MoveAction : std::uint8_t {
    MOVE,
    CAPTURE,
    CASTLING,
    EN_PASSANT,
    PROMOTION,
    DROP,
    DETONATION,
    TRAVERSE,
};

inline constexpr std::string_view action_name(MoveAction a) {
    constexpr std::string_view kNames[] = {"move",      "capture", "castling",   "en-passant",
                                           "promotion", "drop",    "detonation", "traverse"};
    return kNames[static_cast<int>(a)];
}

// A legal move as a user interface needs it: its texts, its squares, what kind
// of action it is and which squares it empties by capture.
struct MoveDetail {
    Move move;
    std::string lan, san;
    std::string from, to;  // square names; from is empty for drops
    MoveAction action = MoveAction::MOVE;
    char piece = 0;  // promotion or dropped piece letter, upper case; 0 for none
    std::vector<std::string> captures;
};

// The position in a variant-neutral form: geometry, one character per cell
// (FEN letter or '.'), per-cell marks, hands, checked Kings.
struct BoardView {
    const VariantInfo* info = nullptr;
    int dims[4] = {1, 1, 1, 1};
    std::vector<std::string> squares;  // name of each cell, by index
    std::string pieces;
    std::string dormant;  // '1' per dormant piece, '0' otherwise; empty if none can be
    std::string groups;   // per cell: the King group a piece belongs to ('0', '1', '2')
    std::string hand[2];  // hand or reserve letters per side
    std::vector<std::string> checked;  // squares of Kings in check
    Color side_to_move = WHITE;
};

template <VariantPosition Pos>
class GameOf;

class Game {
  public:
    virtual ~Game() = default;
    virtual const VariantInfo& info() const = 0;
    std::string_view variant() const { return info().id; }
    virtual std::unique_ptr<Game> clone() const = 0;

    // Sets the position (the history starts again there); on error nothing changes.
    virtual Status set_fen(std::string_view fen) = 0;
    virtual std::string fen() const = 0;
    virtual std::string diagram() const = 0;
    virtual Color side_to_move() const = 0;
    virtual bool in_check() const = 0;
    virtual Outcome outcome() const = 0;
    // Whether c could still mate, which decides a flag: a side that cannot
    // does not win on time. True for variants whose rules make every flag a
    // loss (no can_mate in their Position).
    virtual bool can_mate(Color c) const = 0;

    virtual std::vector<MoveText> legal_moves() const = 0;
    // The legal moves with their details; without_san leaves each san empty
    // (the SAN of every move is most of the cost: its disambiguation and check).
    enum class Texts : std::uint8_t { WITH_SAN, WITHOUT_SAN };
    virtual std::vector<MoveDetail> legal_move_details(Texts texts = Texts::WITH_SAN) const = 0;
    virtual BoardView view() const = 0;

    // A legal move given in LAN or SAN; Move::none() and a message in *error otherwise.
    virtual Move parse(std::string_view text, std::string* error = nullptr) const = 0;
    // Plays a legal move given in LAN or SAN; on success *san and *lan get its texts.
    virtual Status play(std::string_view text, std::string* san = nullptr,
                        std::string* lan = nullptr) = 0;
    // Plays a move known to be legal here (from parse, or the engine's answer
    // for this position); an illegal one is refused.
    virtual Status play(Move m, std::string* san = nullptr, std::string* lan = nullptr) = 0;
    virtual bool undo() = 0;
    // Moves played since the position was set.
    virtual std::size_t ply_count() const = 0;

    // Perft split by root move (LAN, count).
    virtual std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const = 0;

    // The typed position, when this is a game of Pos; nullptr otherwise.
    template <VariantPosition Pos>
    const Pos* position_of() const {
        if (variant() != Pos::kId) return nullptr;
        return &static_cast<const GameOf<Pos>&>(*this).position();
    }
};

template <VariantPosition Pos>
class GameOf final : public Game {
  public:
    const VariantInfo& info() const override { return Pos::kInfo; }
    std::unique_ptr<Game> clone() const override { return std::make_unique<GameOf>(*this); }
    const Pos& position() const { return pos_; }

    Status set_fen(std::string_view fen) override {
        Status s = pos_.set_fen(fen);
        if (s) history_.clear();
        return s;
    }
    std::string fen() const override { return pos_.fen(); }
    std::string diagram() const override { return pos_.diagram(); }
    Color side_to_move() const override { return pos_.side_to_move(); }
    bool in_check() const override { return pos_.in_check(); }
    Outcome outcome() const override { return pos_.outcome(); }
    bool can_mate(Color c) const override {
        if constexpr (requires { pos_.can_mate(c); }) return pos_.can_mate(c);
        return true;
    }
    std::size_t ply_count() const override { return history_.size(); }

    std::vector<MoveText> legal_moves() const override {
        typename Pos::Moves moves;
        pos_.legal_moves(moves);
        std::vector<MoveText> out;
        out.reserve(moves.size());
        for (Move m : moves) out.push_back({pos_.lan(m), pos_.san(m)});
        return out;
    }

    Move parse(std::string_view text, std::string* error = nullptr) const override {
        return pos_.parse_move(text, error);
    }

    Status play(std::string_view text, std::string* san = nullptr,
                std::string* lan = nullptr) override {
        std::string error;
        const Move m = pos_.parse_move(text, &error);
        if (m.is_none()) return Status::error(error);
        return play_legal(m, san, lan);
    }

    Status play(Move m, std::string* san = nullptr, std::string* lan = nullptr) override {
        typename Pos::Moves moves;
        pos_.legal_moves(moves);
        if (m.is_none() || !moves.contains(m))
            return Status::error("the move is not legal in this position");
        return play_legal(m, san, lan);
    }

    bool undo() override {
        if (history_.empty()) return false;
        pos_.undo_move(history_.back());
        history_.pop_back();
        return true;
    }

    std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
        Pos p = pos_;
        return chimera::perft_divide(p, depth);
    }

    std::vector<MoveDetail> legal_move_details(Texts texts = Texts::WITH_SAN) const override {
        typename Pos::Moves moves;
        pos_.legal_moves(moves);
        std::vector<MoveDetail> out;
        out.reserve(moves.size());
        for (Move m : moves) out.push_back(detail(m, texts == Texts::WITH_SAN));
        return out;
    }

    BoardView view() const override {
        BoardView v;
        v.info = &Pos::kInfo;
        constexpr Geometry g = Pos::geometry();
        for (int a = 0; a < 4; ++a) v.dims[a] = g.dim[a];
        v.squares.reserve(static_cast<std::size_t>(g.cells()));
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
    Status play_legal(Move m, std::string* san, std::string* lan) {
        if (san) *san = pos_.san(m);
        if (lan) *lan = pos_.lan(m);
        pos_.do_move(m);
        history_.push_back(m);
        return Status::ok();
    }

    MoveDetail detail(Move m, bool with_san) const {
        MoveDetail d;
        d.move = m;
        d.lan = pos_.lan(m);
        if (with_san) d.san = pos_.san(m);
        d.to = Pos::square_name(m.to());
        if (m.kind() != MoveKind::DROP) d.from = Pos::square_name(m.from());
        switch (m.kind()) {
            case MoveKind::DROP:
                d.action = MoveAction::DROP;
                d.piece = d.lan[0];
                break;
            case MoveKind::CASTLING:
                d.action = MoveAction::CASTLING;
                break;
            case MoveKind::EN_PASSANT:
                d.action = MoveAction::EN_PASSANT;
                break;
            case MoveKind::DETONATION:
                d.action = MoveAction::DETONATION;
                break;
            case MoveKind::TRAVERSE:
                d.action = MoveAction::TRAVERSE;
                break;
            case MoveKind::PROMOTION: {
                // The piece that stands on the square after the move (whatever the LAN spells).
                d.action = MoveAction::PROMOTION;
                Pos after = pos_;
                after.do_move(m);
                const char c = after.piece_char(m.to());
                d.piece = c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c;
                break;
            }
            default:
                break;
        }
        if constexpr (requires { pos_.captures_of(m); }) {
            for (auto c = pos_.captures_of(m); c;)
                d.captures.push_back(Pos::square_name(pop_lsb(c)));
        } else if (pos_.is_capture(m)) {
            d.captures.push_back(Pos::square_name(m.to()));
        }
        if (d.action == MoveAction::MOVE && !d.captures.empty()) d.action = MoveAction::CAPTURE;
        return d;
    }

    Pos pos_;
    std::vector<Move> history_;
};

// A game at the variant's default start position; nullptr for an unknown id.
inline std::unique_ptr<Game> make_game(std::string_view variant) {
    std::unique_ptr<Game> game;
    with_variant(variant, [&]<class Pos>() { game = std::make_unique<GameOf<Pos>>(); });
    return game;
}

}  // namespace chimera
