// The `chimera` command line: subcommands dispatched from main, each taking its
// arguments and the streams to write to, so tests can run them in-process.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace chimera::app {

using Args = std::vector<std::string>;

// Exit status for malformed input (the command-line contract).
inline constexpr int kUsageError = 2;

// Says what is wrong with the command line on err; the usage error status.
inline int usage_error(std::ostream& err, const std::string& message) {
    err << "error: " << message << '\n';
    return kUsageError;
}

int run(const Args& args, std::istream& in, std::ostream& out, std::ostream& err);
int cmd_perft(const Args& args, std::ostream& out, std::ostream& err);
int cmd_bench(const Args& args, std::ostream& out, std::ostream& err);
int cmd_play(const Args& args, std::istream& in, std::ostream& out, std::ostream& err);
int cmd_match(const Args& args, std::ostream& out, std::ostream& err);
int cmd_replay(const Args& args, std::ostream& out, std::ostream& err);
int cmd_tune(const Args& args, std::ostream& out, std::ostream& err);
int cmd_serve(const Args& args, std::ostream& out, std::ostream& err);
int cmd_admin(const Args& args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace chimera::app
