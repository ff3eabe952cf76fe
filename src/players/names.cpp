#include "players/names.h"

#include <array>

namespace chimera::players {

namespace {

bool alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Names that would pass for the computer, the site or its staff, in any case
// and as a part of a longer name.
constexpr std::array<std::string_view, 4> kReservedParts = {"chimera", "computer", "admin",
                                                            "moderator"};
constexpr std::array<std::string_view, 6> kReservedNames = {"anonymous", "guest", "player",
                                                            "system",    "bot",   "engine"};

}  // namespace

std::string name_key(std::string_view name) {
    std::string key(name);
    for (char& c : key)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return key;
}

std::string name_problem(std::string_view name) {
    if (name.size() < kMinName || name.size() > kMaxName)
        return "a username has " + std::to_string(kMinName) + " to " + std::to_string(kMaxName) +
               " characters (this one has " + std::to_string(name.size()) + ")";
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (!alnum(c) && c != '_' && c != '-')
            return "a username has only letters a-z, digits, '_' and '-' (character " +
                   std::to_string(i + 1) + " is not one)";
    }
    if (!alnum(name.front())) return "a username starts with a letter or a digit";
    if (!alnum(name.back())) return "a username ends with a letter or a digit";
    const std::string key = name_key(name);
    for (std::string_view part : kReservedParts)
        if (key.find(part) != std::string::npos)
            return "a username may not contain \"" + std::string(part) +
                   "\": it would pass for the site or the computer";
    for (std::string_view reserved : kReservedNames)
        if (key == reserved) return "\"" + std::string(name) + "\" is reserved";
    return "";
}

std::string password_problem(std::string_view password) {
    if (password.size() < kMinPassword)
        return "a password has at least " + std::to_string(kMinPassword) + " characters";
    if (password.size() > kMaxPassword)
        return "a password has at most " + std::to_string(kMaxPassword) + " bytes";
    return "";
}

}  // namespace chimera::players
