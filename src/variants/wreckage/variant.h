// Everything of this variant that the layers above use: the descriptor, the
// rules (position, notation) and the evaluation. The registry includes this.
#pragma once

#include "variants/wreckage/eval.h"
#include "variants/wreckage/info.h"
#include "variants/wreckage/position.h"
