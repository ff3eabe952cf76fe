// Boost.Asio's and Boost.Beast's own compiled parts (their "separate
// compilation" mode, BOOST_ASIO_SEPARATE_COMPILATION and
// BOOST_BEAST_SEPARATE_COMPILATION, set on the chimera_boost_net target for
// everything that links it): compiled once here instead of inline in every
// file that includes them. Their templates are still instantiated where used.

// Boost 1.74's asio/awaitable.hpp uses std::exchange without including <utility>.
// clang-format off
#include <utility>
// clang-format on

#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
