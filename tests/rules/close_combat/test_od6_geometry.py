"""OD6-PIECE-2 rectangles and contact classification, OD6-ENG-1..3 engagement and pairing."""

import math

import pytest

from game.rules.close_combat import (
    Piece,
    classify,
    engage_is_legal,
    engaged,
    gap,
    illegal_contacts,
    max_matching,
    move_back_vector,
    pair_count,
    pair_pieces,
    touching,
)
from game.rules.model import Figure


def approx_pt(p, q):
    return math.isclose(p[0], q[0], abs_tol=1e-9) and math.isclose(p[1], q[1], abs_tol=1e-9)


def test_OD6_PIECE_2_corners_edges_and_normals_facing_east():
    p = Piece("p", "red", 0.0, 0.0, 0.0, 2.0, 1.0)
    c = p.corners()
    assert approx_pt(c["front_left"], (0.5, -1.0)) and approx_pt(c["front_right"], (0.5, 1.0))
    assert approx_pt(c["rear_left"], (-0.5, -1.0)) and approx_pt(c["rear_right"], (-0.5, 1.0))
    e = p.edges()
    assert approx_pt(e["front"][0], (0.5, -1.0)) and approx_pt(e["front"][1], (0.5, 1.0))
    assert approx_pt(p.normal("front"), (1, 0)) and approx_pt(p.normal("rear"), (-1, 0))
    assert approx_pt(p.normal("right"), (0, 1)) and approx_pt(p.normal("left"), (0, -1))
    assert p.length == 1.0


def test_OD6_PIECE_2_facing_south_rotates_clockwise_on_screen():
    p = Piece("p", "red", 10.0, 5.0, 90.0, 2.0, 1.0)
    assert approx_pt(p.normal("front"), (0, 1))  # 90° = +y (down the screen)
    assert approx_pt(p.normal("right"), (-1, 0))  # facing down, the right hand points to -x
    assert approx_pt(p.corners()["front_right"], (9.0, 5.5))


def test_OD6_PIECE_2_defaults_from_figure():
    f = Figure(id="m1", name="Musket", side="red", x=3.0, y=4.0, facing=180.0, cv=3, qv=4, unit="u1")
    p = Piece.from_figure(f)
    assert (p.width, p.depth, p.cv, p.qv, p.unit, p.facing) == (2.0, 1.0, 3, 4, "u1", 180.0)
    g = Figure(id="c", name="Cav", side="red", x=0, y=0, width=1.5, depth=2.0)
    assert (Piece.from_figure(g).width, Piece.from_figure(g).depth) == (1.5, 2.0)


def red(x, y, facing=0.0, pid="R"):
    return Piece(pid, "red", x, y, facing, 2.0, 1.0, 3, 4)


def blue(x, y, facing=180.0, pid="B"):
    return Piece(pid, "blue", x, y, facing, 2.0, 1.0, 3, 4)


def test_OD6_PIECE_2_full_front_to_front_edge_contact():
    c = classify(red(-0.5, 1.0), blue(0.5, 1.0))
    assert c.edge and c.full and (c.edge_a, c.edge_b) == ("front", "front")
    assert c.overlap == pytest.approx(2.0)


def test_OD6_PIECE_2_touch_tolerance_is_two_hundredths():
    assert touching(red(-0.5, 1.0), blue(0.52, 1.0))
    assert classify(red(-0.5, 1.0), blue(0.52, 1.0)).edge
    assert not touching(red(-0.5, 1.0), blue(0.53, 1.0))
    assert classify(red(-0.5, 1.0), blue(0.53, 1.0)).kind == "none"
    assert gap(red(-0.5, 1.0), blue(0.53, 1.0)) == pytest.approx(0.03)


def test_OD6_PIECE_2_partial_edge_contact_is_not_full():
    c = classify(red(-0.5, 1.0), blue(0.5, 2.0))
    assert c.edge and not c.full and c.overlap == pytest.approx(1.0)


def test_OD6_PIECE_2_overlap_must_exceed_two_hundredths():
    c = classify(red(-0.5, 1.0), blue(0.5, 2.99))  # projections overlap by 0.01"
    assert c.corner
    assert classify(red(-0.5, 1.0), blue(0.5, 2.95)).edge


def test_OD6_PIECE_2_corner_contact_on_grid_diagonal():
    c = classify(red(-0.5, 1.0), blue(0.5, 3.0))
    assert c.touching and c.corner and not c.edge


def test_OD6_PIECE_2_parallel_within_one_degree():
    assert classify(red(-0.5, 1.0), blue(0.5, 1.0, 180.5)).edge
    assert not classify(red(-0.5, 1.0), blue(0.5 + 0.0175, 1.0, 182.0)).edge


def test_OD6_PIECE_2_side_contact_is_flank_to_flank():
    c = classify(red(-0.5, 1.0, pid="R1"), red(-0.5, 3.0, pid="R2"))
    assert c.side_contact and (c.edge_a, c.edge_b) == ("right", "left") and c.full


def test_OD6_PIECE_2_front_against_flank_is_full_when_shorter_edge_covered():
    # blue piece facing up (270°): its flanks are 1" edges along x... put red's front on blue's left flank
    b = Piece("B", "blue", 1.0, 0.5, 270.0, 2.0, 1.0)  # occupies x 0..2, y 0..1; left flank at x=0
    r = Piece("R", "red", -0.5, 0.5, 0.0, 2.0, 1.0)  # front at x=0, spans y -0.5..1.5
    c = classify(r, b)
    assert c.edge and (c.edge_a, c.edge_b) == ("front", "left") and c.full


def test_OD6_ENG_1_front_to_front_full_contact_is_engaged():
    assert engaged(red(-0.5, 1.0), blue(0.5, 1.0)) is not None


def test_OD6_ENG_1_front_to_flank_and_rear_are_engaged():
    b = Piece("B", "blue", 1.0, 0.5, 270.0, 2.0, 1.0)
    assert engaged(Piece("R", "red", -0.5, 0.5, 0.0, 2.0, 1.0), b) is not None  # on its flank
    rear_target = blue(0.5, 1.0, facing=0.0)  # blue faces away
    c = engaged(red(-0.5, 1.0), rear_target)
    assert c is not None and (c.edge_a, c.edge_b) == ("front", "rear")


def test_OD6_ENG_1_partial_and_side_to_side_contacts_are_illegal():
    partial = classify(red(-0.5, 1.0), blue(0.5, 2.0))
    assert partial.illegal and engaged(red(-0.5, 1.0), blue(0.5, 2.0)) is None
    side = classify(red(-0.5, 1.0), Piece("B", "blue", -0.5, 3.0, 0.0, 2.0, 1.0))
    assert side.side_contact and side.illegal
    rear_rear = classify(red(-0.5, 1.0, facing=180.0), blue(0.5, 1.0, facing=0.0))
    assert rear_rear.illegal
    assert [c.b for c in illegal_contacts([red(-0.5, 1.0)], [blue(0.5, 2.0), blue(0.5, 9.0, pid="B9")])] == ["B"]


def test_OD6_ENG_1_friends_are_never_engaged():
    assert engaged(red(-0.5, 1.0), Piece("R2", "red", 0.5, 1.0, 180.0, 2.0, 1.0)) is None


def test_OD6_ENG_2_maximum_matching_beats_greedy():
    m = max_matching(["a1", "a2"], ["d1", "d2"], {("a1", "d1"), ("a1", "d2"), ("a2", "d1")})
    assert m == {"a1": "d2", "a2": "d1"}
    assert max_matching(["a1", "a2", "a3"], ["d1"], {("a1", "d1"), ("a2", "d1"), ("a3", "d1")}) == {"a1": "d1"}


def test_OD6_ENG_2_pairs_from_geometry():
    reds = [red(-0.5, 1.0 + 2 * i, pid=f"R{i}") for i in range(3)]
    blues = [blue(0.5, 1.0 + 2 * i, pid=f"B{i}") for i in range(3)]
    assert pair_pieces(reds, blues) == {"R0": "B0", "R1": "B1", "R2": "B2"}


def test_OD6_ENG_3_engage_must_maximise_pairs():
    reds_aligned = [red(-0.5, 1.0 + 2 * i, pid=f"R{i}") for i in range(3)]
    reds_offset = [red(-0.5, 2.0 + 2 * i, pid=f"R{i}") for i in range(3)]  # half a piece off
    blues = [blue(0.5, 1.0 + 2 * i, pid=f"B{i}") for i in range(3)]
    aligned, offset = pair_count(reds_aligned, blues), pair_count(reds_offset, blues)
    assert (aligned, offset) == (3, 0)
    assert engage_is_legal(aligned, [offset, aligned])
    assert not engage_is_legal(offset, [offset, aligned])
    assert engage_is_legal(0, [])


def test_OD6_RES_2_move_back_is_perpendicular_to_contact_edge():
    r, b = red(-0.5, 1.0), blue(0.5, 1.0)
    c = classify(r, b)
    assert move_back_vector(r, c.edge_a) == (-1.0, 0.0)
    assert move_back_vector(b, c.edge_b) == (1.0, 0.0)
    # front against a flank: the flanked piece moves straight away from the attacker's front
    fb = Piece("B", "blue", 1.0, 0.5, 270.0, 2.0, 1.0)
    fr = Piece("R", "red", -0.5, 0.5, 0.0, 2.0, 1.0)
    fc = classify(fr, fb)
    assert move_back_vector(fb, fc.edge_b) == (1.0, 0.0)  # depth 1" along +x, facing kept
