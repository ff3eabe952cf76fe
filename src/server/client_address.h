// Who a request comes from, for the per-address limits: the TCP peer, or the
// client a trusted proxy (load balancer) names in X-Forwarded-For; IPv6
// addresses grouped by their /64, as one subscriber usually holds a whole /64.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace chimera::server {

// An address range: "192.0.2.7", "10.0.0.0/8", "2001:db8::/32".
struct Network {
    boost::asio::ip::address base;
    int prefix = 0;  // leading bits that must match
    bool contains(const boost::asio::ip::address& a) const;
};

// Parses a range; on failure says what is wrong with it.
Status parse_network(std::string_view text, Network& out);

// The key the limits count under: an IPv4 address as itself, an IPv6 one as its
// /64 ("2001:db8:1:2::/64"), an IPv4-mapped IPv6 address as the IPv4 one.
std::string address_key(const boost::asio::ip::address& a);

bool is_trusted(const std::vector<Network>& proxies, const boost::asio::ip::address& a);

// The client behind a request from `peer`: when peer is a trusted proxy, the
// rightmost X-Forwarded-For entry that is not itself a trusted proxy (entries
// to its left are the client's own claims and are ignored). A malformed entry
// stops the walk: the request is then charged to the hop that passed it on.
boost::asio::ip::address client_address(const boost::asio::ip::address& peer,
                                        std::string_view forwarded_for,
                                        const std::vector<Network>& proxies);

}  // namespace chimera::server
