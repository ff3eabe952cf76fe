// The `chimera` binary as a child process with pipes for stdin and stdout:
// lines written and read with a timeout each (a hang fails, it does not
// block), and the exit status. Used by the UCI conversations
// (test_uci_binary.cpp) and by the bot client that plays through the API
// with the engine as its brain (test_server_bot.cpp).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "binary_under_test.h"

extern char** environ;

namespace chimera::testing {

class EngineProcess {
  public:
    using Lines = std::vector<std::string>;
    using Clock = std::chrono::steady_clock;

    explicit EngineProcess(const Lines& args) {
        signal(SIGPIPE, SIG_IGN);
        int in[2], out[2];
        if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) return;
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, in[0], 0);
        posix_spawn_file_actions_adddup2(&fa, out[1], 1);
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
        Lines storage{::chimera::testing::chimera_binary()};
        storage.insert(storage.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : storage) argv.push_back(a.data());
        argv.push_back(nullptr);
        if (posix_spawn(&pid_, ::chimera::testing::chimera_binary(), &fa, nullptr, argv.data(),
                        environ) != 0)
            pid_ = -1;
        posix_spawn_file_actions_destroy(&fa);
        close(in[0]);
        close(out[1]);
        to_ = in[1];
        from_ = out[0];
        fcntl(to_, F_SETFL, O_NONBLOCK);
    }
    ~EngineProcess() {
        if (to_ >= 0) close(to_);
        if (pid_ > 0 && !exited_) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        if (from_ >= 0) close(from_);
    }
    bool started() const { return pid_ > 0; }

    // Writes bytes within the timeout.
    bool write_raw(std::string_view bytes, int timeout_ms = 5000) {
        const auto t0 = Clock::now();
        while (!bytes.empty()) {
            if (since_ms(t0) > timeout_ms) return false;
            const ssize_t n = write(to_, bytes.data(), bytes.size());
            if (n > 0) {
                bytes.remove_prefix(static_cast<std::size_t>(n));
                continue;
            }
            if (n < 0 && errno != EAGAIN) return false;
            drain(10);  // the engine may block on a full stdout pipe
        }
        return true;
    }
    bool send(std::string_view line) { return write_raw(std::string(line) + "\n"); }
    void close_stdin() {
        close(to_);
        to_ = -1;
    }
    // Reads lines until one starts with prefix; false on timeout or EOF.
    bool read_until(std::string_view prefix, int timeout_ms) {
        const auto t0 = Clock::now();
        while (true) {
            for (; scanned_ < lines.size(); ++scanned_)
                if (starts_with(lines[scanned_], prefix)) {
                    ++scanned_;
                    return true;
                }
            const auto left = timeout_ms - since_ms(t0);
            if (left <= 0 || !drain(static_cast<int>(left))) return false;
        }
    }
    // Exit status, or -1 if it had to be killed (or died by a signal).
    int wait_exit(int timeout_ms) {
        const auto t0 = Clock::now();
        int st = 0;
        while (since_ms(t0) < timeout_ms) {
            drain(10);
            if (waitpid(pid_, &st, WNOHANG) == pid_) {
                exited_ = true;
                return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
            }
        }
        return -1;
    }

    Lines lines;

  private:
    // Reads what is available within timeout_ms; false at EOF or timeout.
    bool drain(int timeout_ms) {
        pollfd p{from_, POLLIN, 0};
        if (poll(&p, 1, timeout_ms) <= 0) return false;
        char buf[65536];
        const ssize_t n = read(from_, buf, sizeof buf);
        if (n <= 0) return false;
        partial_.append(buf, static_cast<std::size_t>(n));
        std::size_t nl;
        while ((nl = partial_.find('\n')) != std::string::npos) {
            lines.push_back(partial_.substr(0, nl));
            partial_.erase(0, nl + 1);
        }
        return true;
    }
    pid_t pid_ = -1;
    int to_ = -1, from_ = -1;
    bool exited_ = false;
    std::size_t scanned_ = 0;
    std::string partial_;

    static std::int64_t since_ms(Clock::time_point t0) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
    }
    static bool starts_with(std::string_view s, std::string_view p) {
        return s.substr(0, p.size()) == p;
    }
};

}  // namespace chimera::testing
