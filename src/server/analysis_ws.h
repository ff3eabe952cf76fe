// The analysis WebSocket, /api/analysis/ws (docs/api.md, "Analysis"): one
// connection's requests to the analysis service and the reports of its
// search. Private to the HTTP layer (http_server.cpp), which upgrades the
// connection and hands it over here.
#pragma once

// Boost 1.74's asio/awaitable.hpp uses std::exchange without including <utility>.
// clang-format off
#include <utility>
// clang-format on

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <memory>
#include <string>

#include "server/analysis.h"

namespace chimera::server {

struct ServerOptions;

// Accepts the upgrade `req` on socket and serves it until it closes. `hold`
// is kept for as long as the connection lives (its place among the
// connections); `client` is the address key its searches count against.
void serve_analysis_ws(boost::asio::ip::tcp::socket&& socket,
                       boost::beast::http::request<boost::beast::http::string_body> req,
                       AnalysisService& analysis, std::shared_ptr<void> hold,
                       const ServerOptions& options, std::string client);

}  // namespace chimera::server
