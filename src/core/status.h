// Result of validating outside input: success, or a message saying what is wrong and where.
#pragma once

#include <string>
#include <utility>

namespace chimera {

class [[nodiscard]] Status {
  public:
    static Status ok() { return Status(); }
    static Status error(std::string message) { return Status(std::move(message), false); }
    // A failure of something outside the program that may come back (a
    // database that went away): the same request can succeed later.
    static Status unavailable(std::string message) { return Status(std::move(message), true); }

    bool is_ok() const { return !failed_; }
    explicit operator bool() const { return !failed_; }
    bool is_unavailable() const { return unavailable_; }
    const std::string& message() const { return message_; }

  private:
    Status() = default;
    Status(std::string m, bool unavailable)
        : message_(std::move(m)), failed_(true), unavailable_(unavailable) {}
    std::string message_;
    bool failed_ = false;
    bool unavailable_ = false;
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
