"""Playing over the network, in a few paragraphs for the rules screen (issue 22, item 5): on one LAN, over the
internet (one forwarded port, or one virtual LAN for everyone), and what to do when the game is not found.
README.md, "Playing over the network", says the same at more length."""

from __future__ import annotations

from ..i18n import _
from ..net import DEFAULT_PORT


def online_help(port: int = DEFAULT_PORT) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs; the buttons are named by their own labels, so the words match the screens."""
    labels = {"play_online": _("Play online"), "host": _("Host a game"), "join": _("Join a game")}
    return [
        (_("On one network (LAN)"),
         _("One player chooses {play_online}, then {host}: set up the seats as for a new game, with an Online seat "
           "for each friend, and start. The lobby shows the room code. The others choose {play_online}, then "
           "{join}: the host's game is listed once it is found on the network; choose it and type the join key "
           "the host shows, or type the whole room code. The host starts when every seat is taken.").format(
             **labels)),
        (_("Over the internet"),
         _("The host's game asks the home router to let friends in (UPnP, where the router allows it) and its "
           "lobby says whether that worked: if it did, the room code works from anywhere. If not, the host "
           "forwards TCP port {port} on the router to the host's computer (look for \"port forwarding\" "
           "in the router's settings) and gives the friends the public address of the home network, as a site "
           "such as \"what is my IP\" shows it, with the join key. The friends type both in {join}. Or put "
           "everyone on one virtual LAN, such as an overlay VPN, and play as on one network.").format(
             port=port, **labels)),
        (_("When the game is not found"),
         _("Finding games on the network uses multicast, which some networks block (guest Wi-Fi, offices, many "
           "VPNs). Type the room code instead, or the host's address and the join key. If joining fails too, the "
           "host's firewall has to let Quacks accept connections on TCP port {port}: allow it when the system "
           "asks, or open the port.").format(port=port)),
    ]
