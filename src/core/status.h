// Result of validating outside input: success, or a message saying what is wrong and where.
#pragma once

#include <string>
#include <utility>

namespace chimera {

class [[nodiscard]] Status {
  public:
    static Status ok() { return Status(); }
    static Status error(std::string message) { return Status(std::move(message), Kind::ERROR); }
    // A failure of something outside the program that may come back (a
    // database that went away): the same request can succeed later.
    static Status unavailable(std::string message) {
        return Status(std::move(message), Kind::UNAVAILABLE);
    }
    // A write refused because what it was based on changed meanwhile (another
    // server wrote the same record first): read it again and decide anew.
    static Status conflict(std::string message) {
        return Status(std::move(message), Kind::CONFLICT);
    }

    bool is_ok() const { return kind_ == Kind::OK; }
    explicit operator bool() const { return kind_ == Kind::OK; }
    bool is_unavailable() const { return kind_ == Kind::UNAVAILABLE; }
    bool is_conflict() const { return kind_ == Kind::CONFLICT; }
    const std::string& message() const { return message_; }

  private:
    enum class Kind { OK, ERROR, UNAVAILABLE, CONFLICT };
    Status() = default;
    Status(std::string m, Kind kind) : message_(std::move(m)), kind_(kind) {}
    std::string message_;
    Kind kind_ = Kind::OK;
};

// How a game stands after the last move; draw reasons follow the rule order of the spec.
enum class Outcome {
    ONGOING,
    CHECKMATE,  // the side to move is mated
    STALEMATE,
    REPETITION,    // third occurrence of the position
    MOVE_RULE,     // 100 plies without progress (50-move rule and its variants)
    INSUFFICIENT,  // dead material, bare Kings
};

const char* outcome_name(Outcome o);

}  // namespace chimera
