// Everything of this variant that the layers above use: the descriptor, the
// rules (position, notation) and the evaluation. The registry includes this.
#pragma once

#include "variants/chess4d/eval.h"
#include "variants/chess4d/info.h"
#include "variants/chess4d/position.h"
