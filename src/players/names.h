// Usernames (docs/api.md, "Accounts"): 3 to 20 characters, ASCII letters,
// digits, '_' and '-', starting with a letter or a digit and not ending with
// '_' or '-'; unique without regard to case; none that passes for the
// computer or the site. Passwords: 8 to 256 bytes.
#pragma once

#include <string>
#include <string_view>

namespace chimera::players {

inline constexpr std::size_t kMinName = 3, kMaxName = 20;
inline constexpr std::size_t kMinPassword = 8, kMaxPassword = 256;

// Why the name cannot be a username ("" if it can), said for the player.
std::string name_problem(std::string_view name);
// Why the password cannot be one ("" if it can).
std::string password_problem(std::string_view password);
// The form two names are compared in: lower case.
std::string name_key(std::string_view name);

}  // namespace chimera::players
