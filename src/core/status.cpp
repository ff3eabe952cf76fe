#include "core/status.h"

namespace chimera {

const char* outcome_name(Outcome o) {
    switch (o) {
        case Outcome::ONGOING:
            return "ongoing";
        case Outcome::CHECKMATE:
            return "checkmate";
        case Outcome::STALEMATE:
            return "stalemate";
        case Outcome::REPETITION:
            return "threefold repetition";
        case Outcome::MOVE_RULE:
            return "move-count rule";
        case Outcome::INSUFFICIENT:
            return "insufficient material";
    }
    return "unknown";
}

}  // namespace chimera
