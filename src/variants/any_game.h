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
