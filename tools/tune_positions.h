// Which positions of a game record the evaluation's tuner fits
// (chimera_tune_eval), shared with the tool that scores them with another
// engine (chimera_label_games), so that the two always agree.
#pragma once

#include <cstddef>
#include <string>

namespace chimera::tools {

// A quiet position: after the first `skip` plies, not in check, the move
// played next (`next`, as the record writes it) not a capture.
inline bool tuner_reads(std::size_t ply, int skip, bool in_check, const std::string& next) {
    return static_cast<int>(ply) >= skip && !in_check && next.find('x') == std::string::npos;
}

}  // namespace chimera::tools
