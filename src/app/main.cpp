#include <iostream>

#include "app/cli.h"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    chimera::app::Args args(argv + 1, argv + argc);
    try {
        return chimera::app::run(args, std::cin, std::cout, std::cerr);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << '\n';
        return 1;
    }
}
