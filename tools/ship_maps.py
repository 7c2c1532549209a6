"""The ship maps of tools/make_maps.py (boarding_action, cutting_out, fire_in_the_hold,
duel_on_the_quarterdeck) and the ship parts they share: masts and rigging, hatches, the
quarterdeck break, cannon, water and fire."""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

from tmx_writer import TmxMap, _edge_tiles, _rail, complement, rect  # noqa: E402


def boarding_action() -> TmxMap:
    """A merchantman (north) and a pirate sloop (south) grappled side by side, 48×32 in."""
    m = TmxMap("boarding_action", 48, 32, "Boarders Away!")
    merchant = [(4, 4), (34, 4), (43, 9.5), (34, 15), (4, 15)]
    sloop = [(8, 16), (33, 16), (40, 20), (33, 24), (8, 24)]
    planks = [rect(13, 15, 2, 1), rect(25, 15, 2, 1)]
    quarterdeck = rect(4, 4, 8, 11)
    # picture
    m.paint(merchant, "planks")
    m.paint(quarterdeck, "planks_dark")
    m.paint(sloop, "planks")
    _edge_tiles(m, merchant, "hull")
    _edge_tiles(m, sloop, "hull")
    for p in planks:
        m.paint(p, "pier")
    for r in range(m.h):
        for c in range(m.w):
            if m.ground[r][c] == "water" and (c * 7 + r * 3) % 5 == 0:
                m.ground[r][c] = "water2"
    # zones: sea = table minus hulls and planks
    for poly in complement(48, 32, [merchant, sloop, *planks]):
        m.polygon("zones", "sea", poly, "sea", terrain="impassable", water=True)
    m.polygon("zones", "merchant_deck", merchant, "deck", ship="merchant")
    m.polygon("zones", "quarterdeck", quarterdeck, "deck", ship="merchant", advantageous=True)
    m.rectangle("zones", "colours", 4.3, 8.0, 1.7, 3.0, "deck", ship="merchant", advantageous=True)
    m.polygon("zones", "sloop_deck", sloop, "deck", ship="sloop")
    for i, p in enumerate(planks):
        m.polygon("zones", f"gangplank_{i + 1}", p, "plank", terrain="tough")
    m.rectangle(
        "zones", "merchant_hold", 13, 5, 20, 9, "hold", level="hold", close_quarters=True, ship="merchant", cover="soft"
    )
    m.rectangle(
        "zones", "sloop_hold", 14, 17, 15, 6, "hold", level="hold", close_quarters=True, ship="sloop", cover="soft"
    )
    masts = [
        ("mizzen", 8.5, 9.5, 4, 15, "merchant"),
        ("mainmast", 24.5, 9.5, 4, 15, "merchant"),
        ("foremast", 33.5, 9.5, 4, 15, "merchant"),
        ("sloop_mast", 23.5, 20.5, 16, 24, "sloop"),
    ]
    for name, mx, my, top, bottom, ship in masts:
        m.rectangle(
            "zones",
            f"{name}_rigging",
            mx - 0.8,
            top + 1,
            1.6,
            bottom - top - 2,
            "rigging",
            level="rigging",
            rigging=True,
            close_quarters=True,
            terrain="tough",
            elevation=8.0,
            ship=ship,
        )
        for r in range(top + 1, bottom - 1):
            if m.details[r][int(mx)] is None:
                m.details[r][int(mx)] = "rigging"
        m.ellipse("obstacles", name, mx, my, 0.45, "mast", kind="single", cover="hard", blocks_los=True, elevation=8.0)
        m.put(mx, my, "mast")
        for fy, ty in ((top + 1.0, top + 1.8), (bottom - 1.0, bottom - 1.8)):
            m.polyline("links", f"{name}_shrouds", [(mx, fy), (mx, ty)], "shroud", to="rigging", cost=2.0)
    # rails with gaps at the gangplanks
    _rail(m, "merchant_rail", [(13, 15), (4, 15), (4, 4), (34, 4), (43, 9.5), (34, 15), (27, 15)])
    _rail(m, "merchant_waist_rail", [(15, 15), (25, 15)])
    _rail(m, "sloop_rail", [(13, 16), (8, 16), (8, 24), (33, 24), (40, 20), (33, 16), (27, 16)])
    _rail(m, "sloop_waist_rail", [(15, 16), (25, 16)])
    # quarterdeck break with two ladders
    m.polyline(
        "obstacles",
        "quarterdeck_break",
        [(12, 4.1), (12, 14.9)],
        "break",
        kind="linear",
        cover="soft",
        elevation=1.5,
        thickness=0.3,
    )
    for ly in (6.0, 13.0):
        m.polyline("links", "quarterdeck_ladder", [(12.8, ly), (11.2, ly)], "ladder", cost=1.0)
        m.put(12.5, ly, "ladder")
    # hatches down to the holds
    for name, hx, hy, _ship in (
        ("main_hatch", 20.5, 9.5, "merchant"),
        ("fore_hatch", 29.5, 9.5, "merchant"),
        ("sloop_hatch", 17.5, 20.5, "sloop"),
    ):
        m.point("links", name, hx, hy, "hatch", to="hold", cost=2.0)
        m.put(hx, hy, "hatch")
    # cover on deck
    for x, y in (
        (18.5, 5.5),
        (19.5, 5.5),
        (31.5, 13.5),
        (37.5, 9.5),
        (6.5, 5.5),
        (11.5, 18.5),
        (30.5, 22.5),
        (35.5, 19.5),
    ):
        m.barrel(x, y)
    for x, y in ((27, 12), (16, 12), (26, 17), (20, 22)):
        m.crate(x, y)
    m.crate(15, 6, 2, 1, level="hold")
    m.crate(30, 11, 1, 2, level="hold")
    m.crate(25, 18, 1, 1, level="hold")
    for x, y, tile in (
        (16, 4.1, "cannon_up"),
        (22, 4.1, "cannon_up"),
        (29, 4.1, "cannon_up"),
        (13, 22.9, "cannon_down"),
        (27, 22.9, "cannon_down"),
    ):
        m.rectangle(
            "obstacles", "cannon", x + 0.15, y + 0.15, 0.7, 0.8, "cannon", kind="single", cover="hard", elevation=1.0
        )
        m.put(x + 0.5, y + 0.5, tile)
    # deployment
    m.rectangle("deployment", "merchants", 4.5, 4.5, 28.5, 10.0, "deployment", side="merchants")
    m.rectangle("deployment", "pirates", 8.5, 16.5, 24.0, 7.0, "deployment", side="pirates")
    return m


def _water_tiles(m: TmxMap) -> None:
    for r in range(m.h):
        for c in range(m.w):
            if m.ground[r][c] == "water" and (c * 7 + r * 3) % 5 == 0:
                m.ground[r][c] = "water2"


def _cannon(m: TmxMap, x: float, y: float, up: bool) -> None:
    m.rectangle(
        "obstacles", "cannon", x + 0.15, y + 0.15, 0.7, 0.8, "cannon", kind="single", cover="hard", elevation=1.0
    )
    m.put(x + 0.5, y + 0.5, "cannon_up" if up else "cannon_down")


def _masts(m: TmxMap, masts, ship: str, width: float = 1.6) -> None:
    """Masts at (name, x, y, top, bottom): a mast obstacle on deck, a rigging zone above it and
    shrouds at both ends (as on boarding_action)."""
    for name, mx, my, top, bottom in masts:
        m.rectangle(
            "zones",
            f"{name}_rigging",
            mx - width / 2,
            top + 1,
            width,
            bottom - top - 2,
            "rigging",
            level="rigging",
            rigging=True,
            close_quarters=True,
            terrain="tough",
            elevation=8.0,
            ship=ship,
        )
        for r in range(int(top) + 1, int(bottom) - 1):
            if m.details[r][int(mx)] is None:
                m.details[r][int(mx)] = "rigging"
        m.ellipse("obstacles", name, mx, my, 0.45, "mast", kind="single", cover="hard", blocks_los=True, elevation=8.0)
        m.put(mx, my, "mast")
        for fy, ty in ((top + 1.0, top + 1.8), (bottom - 1.0, bottom - 1.8)):
            m.polyline("links", f"{name}_shrouds", [(mx, fy), (mx, ty)], "shroud", to="rigging", cost=2.0)


def _hatch(m: TmxMap, name: str, x: float, y: float) -> None:
    m.point("links", name, x, y, "hatch", to="hold", cost=2.0)
    m.put(x, y, "hatch")


def _quarterdeck(m: TmxMap, x: float, top: float, bottom: float, ladders) -> None:
    m.polyline(
        "obstacles",
        "quarterdeck_break",
        [(x, top + 0.1), (x, bottom - 0.1)],
        "break",
        kind="linear",
        cover="soft",
        elevation=1.5,
        thickness=0.3,
    )
    for ly in ladders:
        m.polyline("links", "quarterdeck_ladder", [(x + 0.8, ly), (x - 0.8, ly)], "ladder", cost=1.0)
        m.put(x + 0.5, ly, "ladder")


def _fire(m: TmxMap, x: float, y: float, w: float, h: float, level: str = "deck") -> None:
    """A blaze: walked around, hard to see through (smoke), on one level."""
    props = dict(kind="single", blocks_los=True, elevation=3.0)
    if level != "deck":
        props["level"] = level
    m.rectangle("obstacles", "fire", x, y, w, h, "fire", **props)
    if level == "deck":  # the picture shows the deck; fires below are drawn by the overlay only
        m.paint(rect(x, y, w, h), "dirt")


def cutting_out() -> TmxMap:
    """The Santa Rosa at anchor (hull, quarterdeck, hold, three masts) with the cutters' two boats
    alongside, one under each side; entry ports in her rails at the boats; 48x32 in."""
    m = TmxMap("cutting_out", 48, 32, "Cutting Out")
    hull = [(4, 9), (36, 9), (45, 15), (36, 21), (4, 21)]
    starboard_boat = [(10, 21), (20, 21), (21.5, 23.5), (20, 26), (10, 26)]  # under her south side
    larboard_boat = [(23, 4), (33, 4), (34.5, 6.5), (33, 9), (23, 9)]  # under her north side
    quarterdeck = rect(4, 9, 8, 12)
    m.paint(hull, "planks")
    m.paint(quarterdeck, "planks_dark")
    _edge_tiles(m, hull, "hull")
    for b in (starboard_boat, larboard_boat):
        m.paint(b, "planks")
        _edge_tiles(m, b, "hull")
    _water_tiles(m)
    for poly in complement(48, 32, [hull, starboard_boat, larboard_boat]):
        m.polygon("zones", "sea", poly, "sea", terrain="impassable", water=True)
    m.polygon("zones", "prize_deck", hull, "deck", ship="prize")
    m.polygon("zones", "quarterdeck", quarterdeck, "deck", ship="prize", advantageous=True)
    m.rectangle("zones", "colours", 4.3, 13.5, 1.7, 3.0, "deck", ship="prize", advantageous=True)
    m.polygon("zones", "starboard_boat", starboard_boat, "deck", ship="cutter")
    m.polygon("zones", "larboard_boat", larboard_boat, "deck", ship="launch")
    # climbing the side: an entry port (gap in the rail, tough going) at each boat
    m.rectangle("zones", "entry_port", 14, 20.5, 2, 1, "plank", terrain="tough")
    m.rectangle("zones", "entry_port", 27, 8.5, 2, 1, "plank", terrain="tough")
    m.rectangle(
        "zones", "prize_hold", 13, 10, 21, 10, "hold", level="hold", close_quarters=True, ship="prize", cover="soft"
    )
    _masts(m, [("mizzen", 8.5, 15.0, 9, 21), ("mainmast", 24.5, 15.0, 9, 21), ("foremast", 33.5, 15.0, 9, 21)], "prize")
    _rail(m, "prize_rail", [(14, 21), (4, 21), (4, 9), (27, 9)])
    _rail(m, "prize_rail", [(29, 9), (36, 9), (45, 15), (36, 21), (16, 21)])
    _rail(m, "starboard_gunwale", [(10, 21), (10, 26), (20, 26), (21.5, 23.5), (20, 21)])
    _rail(m, "larboard_gunwale", [(23, 9), (23, 4), (33, 4), (34.5, 6.5), (33, 9)])
    _quarterdeck(m, 12, 9, 21, (11.0, 19.0))
    _hatch(m, "main_hatch", 20.5, 15.0)
    _hatch(m, "fore_hatch", 29.5, 15.0)
    for x, y in ((6.5, 10.5), (18.5, 10.5), (31.5, 19.5), (38.5, 15.5), (6.5, 19.5)):
        m.barrel(x, y)
    for x, y in ((16, 16), (26, 12), (36, 14)):
        m.crate(x, y)
    m.crate(15, 11, 2, 1, level="hold")
    m.crate(24, 18, 1, 1, level="hold")
    m.crate(31, 11, 1, 2, level="hold")
    for x in (17, 22, 30):
        _cannon(m, x, 9.1, True)
    for x in (22, 30):
        _cannon(m, x, 19.9, False)
    # deployment: the cutters in their boats, the watch on deck, the watch below in the hold
    m.rectangle("deployment", "cutters", 10.5, 21.5, 9.5, 4.0, "deployment", side="cutters")
    m.rectangle("deployment", "cutters", 23.5, 4.5, 9.5, 4.0, "deployment", side="cutters")
    m.rectangle("deployment", "watch", 4.5, 9.5, 31.0, 11.0, "deployment", side="watch")
    m.rectangle("deployment", "below", 13.5, 10.5, 20.0, 9.0, "deployment", side="below")
    return m


def fire_in_the_hold() -> TmxMap:
    """The pirate ship Revenge ablaze: fires on deck and in her hold, a long hold, three masts with
    rigging, and her two boats alongside amidships (zones named ``boats``); 48x32 in."""
    m = TmxMap("fire_in_the_hold", 48, 32, "Fire in the Hold")
    hull = [(3, 7), (36, 7), (45, 14), (36, 21), (3, 21)]
    longboat = [(17, 21), (27, 21), (28.5, 23.5), (27, 26), (17, 26)]
    jolly_boat = [(19, 3), (26, 3), (27.5, 5), (26, 7), (19, 7)]
    quarterdeck = rect(3, 7, 8, 14)
    m.paint(hull, "planks")
    m.paint(quarterdeck, "planks_dark")
    _edge_tiles(m, hull, "hull")
    for b in (longboat, jolly_boat):
        m.paint(b, "planks")
        _edge_tiles(m, b, "hull")
    _water_tiles(m)
    for poly in complement(48, 32, [hull, longboat, jolly_boat]):
        m.polygon("zones", "sea", poly, "sea", terrain="impassable", water=True)
    m.polygon("zones", "revenge_deck", hull, "deck", ship="revenge")
    m.polygon("zones", "quarterdeck", quarterdeck, "deck", ship="revenge", advantageous=True)
    m.polygon("zones", "boats", longboat, "deck", ship="longboat")
    m.polygon("zones", "boats", jolly_boat, "deck", ship="jolly_boat")
    m.rectangle("zones", "entry_port", 21, 20.5, 2, 1, "plank", terrain="tough")
    m.rectangle("zones", "entry_port", 22, 6.5, 2, 1, "plank", terrain="tough")
    m.rectangle(
        "zones", "revenge_hold", 12, 8, 24, 12, "hold", level="hold", close_quarters=True, ship="revenge", cover="soft"
    )
    _masts(
        m, [("mizzen", 7.5, 14.0, 7, 21), ("mainmast", 23.5, 14.0, 7, 21), ("foremast", 33.5, 14.0, 7, 21)], "revenge"
    )
    _rail(m, "revenge_rail", [(21, 21), (3, 21), (3, 7), (22, 7)])
    _rail(m, "revenge_rail", [(24, 7), (36, 7), (45, 14), (36, 21), (23, 21)])
    _rail(m, "longboat_gunwale", [(17, 21), (17, 26), (27, 26), (28.5, 23.5), (27, 21)])
    _rail(m, "jolly_boat_gunwale", [(19, 7), (19, 3), (26, 3), (27.5, 5), (26, 7)])
    _quarterdeck(m, 11, 7, 21, (9.0, 19.0))
    _hatch(m, "after_hatch", 14.5, 14.0)
    _hatch(m, "main_hatch", 21.5, 14.0)
    _hatch(m, "fore_hatch", 30.5, 14.0)
    # the blaze: amidships on deck, and in the hold between the hatches
    _fire(m, 17, 11, 3, 3)
    _fire(m, 26, 14, 3, 3)
    _fire(m, 18, 15, 2, 4, level="hold")
    _fire(m, 26, 9, 2, 4, level="hold")
    for x, y in ((5.5, 8.5), (13.5, 8.5), (31.5, 19.5), (38.5, 14.5)):
        m.barrel(x, y)
    for x, y in ((14, 18), (29, 9)):
        m.crate(x, y)
    m.crate(13, 9, 2, 1, level="hold")
    m.crate(23, 17, 1, 2, level="hold")
    m.crate(32, 18, 2, 1, level="hold")
    for x in (14, 29):
        _cannon(m, x, 7.1, True)
        _cannon(m, x + 2, 19.9, False)
    # deployment: the boarders aft (the way they came), the Revenge's crew forward
    m.rectangle("deployment", "navy", 3.5, 7.5, 12.5, 13.0, "deployment", side="navy")
    m.rectangle("deployment", "pirates", 29.5, 7.5, 8.0, 13.0, "deployment", side="pirates")
    return m


def duel_on_the_quarterdeck() -> TmxMap:
    """A frigate's broad quarterdeck (advantageous, two ladders down to the waist), the waist with
    two masts and hatches, the forecastle; the captains' ground on the quarterdeck, the crews in the
    waist; 48x32 in."""
    m = TmxMap("duel_on_the_quarterdeck", 48, 32, "Duel on the Quarterdeck")
    hull = [(3, 5), (36, 5), (45, 16), (36, 27), (3, 27)]
    quarterdeck = rect(3, 5, 14, 22)
    m.paint(hull, "planks")
    m.paint(quarterdeck, "planks_dark")
    _edge_tiles(m, hull, "hull")
    _water_tiles(m)
    for poly in complement(48, 32, [hull]):
        m.polygon("zones", "sea", poly, "sea", terrain="impassable", water=True)
    m.polygon("zones", "frigate_deck", hull, "deck", ship="frigate")
    m.polygon("zones", "quarterdeck", quarterdeck, "deck", ship="frigate", advantageous=True)
    m.rectangle("zones", "colours", 3.3, 14.5, 1.7, 3.0, "deck", ship="frigate", advantageous=True)
    m.rectangle(
        "zones", "frigate_hold", 18, 7, 18, 18, "hold", level="hold", close_quarters=True, ship="frigate", cover="soft"
    )
    _masts(m, [("mainmast", 24.5, 16.0, 5, 27), ("foremast", 35.5, 16.0, 5, 27)], "frigate")
    _rail(m, "frigate_rail", [(3, 5), (36, 5), (45, 16), (36, 27), (3, 27), (3, 5)])
    _quarterdeck(m, 17, 5, 27, (8.0, 24.0))
    _hatch(m, "main_hatch", 20.5, 16.0)
    _hatch(m, "fore_hatch", 30.5, 16.0)
    # the wheel and binnacle aft, barrels and cannon along the sides
    m.ellipse("obstacles", "wheel", 6.5, 16.0, 0.6, "wheel", kind="single", cover="soft", elevation=1.5)
    m.put(6.5, 16.0, "barrel")
    for x, y in ((4.5, 6.5), (4.5, 25.5), (27.5, 6.5), (27.5, 25.5), (39.5, 16.5)):
        m.barrel(x, y)
    for x, y in ((32, 9), (32, 22)):
        m.crate(x, y)
    m.crate(22, 9, 2, 1, level="hold")
    m.crate(28, 21, 1, 2, level="hold")
    for x in (8, 12, 20, 30):
        _cannon(m, x, 5.1, True)
        _cannon(m, x, 25.9, False)
    # deployment: each captain on the quarterdeck, the crews watching from the waist
    m.rectangle("deployment", "pirate_captain", 11.0, 12.0, 5.0, 8.0, "deployment", side="pirate_captain")
    m.rectangle("deployment", "navy_captain", 7.5, 12.0, 3.0, 8.0, "deployment", side="navy_captain")
    m.rectangle("deployment", "pirates", 18.5, 20.5, 17.0, 6.0, "deployment", side="pirates")
    m.rectangle("deployment", "navy", 18.5, 5.5, 17.0, 6.0, "deployment", side="navy")
    return m
