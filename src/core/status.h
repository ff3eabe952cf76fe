// Result of validating outside input: success, or a message saying what is wrong and where.
#pragma once

#include <string>
#include <utility>

namespace chimera {

class [[nodiscard]] Status {
  public:
    static Status ok() { return Status(); }
    static Status error(std::string message) { return Status(std::move(message)); }

    bool is_ok() const { return !failed_; }
    explicit operator bool() const { return !failed_; }
    const std::string& message() const { return message_; }

  private:
    Status() = default;
    explicit Status(std::string m) : message_(std::move(m)), failed_(true) {}
    std::string message_;
    bool failed_ = false;
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
