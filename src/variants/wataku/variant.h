// Everything of this variant that the layers above use: the descriptor, the
// rules (position, notation) and the evaluation. The registry includes this.
#pragma once

#include "variants/wataku/eval.h"
#include "variants/wataku/info.h"
#include "variants/wataku/position.h"
