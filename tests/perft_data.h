// Reader for the perft data files in tests/perft: `id | FEN | depth count | ...`.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace chimera::test {

struct PerftCase {
    std::string id;
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts;
};

inline std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    const auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

inline std::vector<PerftCase> load_perft(const std::string& name) {
    std::ifstream in(std::string(CHIMERA_TEST_DATA_DIR) + "/perft/" + name);
    if (!in) throw std::runtime_error("cannot open perft data " + name);
    std::vector<PerftCase> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (trim(line).empty() || trim(line)[0] == '#') continue;
        std::vector<std::string> parts;
        std::stringstream ss(line);
        for (std::string p; std::getline(ss, p, '|');) parts.push_back(trim(p));
        PerftCase c{parts.at(0), parts.at(1), {}};
        for (std::size_t i = 2; i < parts.size(); ++i) {
            std::stringstream ds(parts[i]);
            int depth = 0;
            std::uint64_t count = 0;
            ds >> depth >> count;
            c.counts.emplace_back(depth, count);
        }
        cases.push_back(c);
    }
    return cases;
}

}  // namespace chimera::test
