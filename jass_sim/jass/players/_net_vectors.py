"""LLVM code of the ``net`` policy's compiled hot path (:mod:`.net`): the sums of a layer held in
one LLVM vector, the rows of zero inputs skipped bit for bit, and arrays borrowed without
reference counts. Each has a plain-Python meaning (the loops of :mod:`.net`, the identity) that
runs under ``NUMBA_DISABLE_JIT``.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic, overload


def add_nonzero_rows(builder, biases, row_ptr, n_rows, add_row):
    """Call ``add_row(r)`` for each ``r < n_rows`` in order whose input ``row_ptr[r]`` is not zero
    (every ``r`` when a lane of one of the vectors ``biases`` is -0.0; see :func:`vector_sum_codegen`). The inputs are
    compared 64 (then 32, then one) at a time into a bit mask, whose set bits are then visited
    lowest first: no branch per input, and no pass over the zero rows."""
    i32, i64 = ir.IntType(32), ir.IntType(64)
    keep_all = ir.Constant(ir.IntType(1), 0)
    for bias in biases:
        width = bias.type.count
        ivec = ir.VectorType(i32, width)
        negzero = builder.icmp_unsigned("==", builder.bitcast(bias, ivec), ir.Constant(ivec, [0x80000000] * width))
        any_negzero = builder.icmp_unsigned("!=", builder.bitcast(negzero, ir.IntType(width)),
                                            ir.Constant(ir.IntType(width), 0))
        keep_all = builder.or_(keep_all, any_negzero)
    elem = row_ptr.type.pointee
    start = cgutils.alloca_once_value(builder, ir.Constant(n_rows.type, 0))

    def visit(base, mask):  # rows base + the set bits of mask (i64), lowest first
        bits = cgutils.alloca_once(builder, i64)
        builder.store(mask, bits)
        head = builder.append_basic_block("nz.head")
        body = builder.append_basic_block("nz.body")
        done = builder.append_basic_block("nz.done")
        builder.branch(head)
        builder.position_at_end(head)
        m = builder.load(bits)
        builder.cbranch(builder.icmp_unsigned("!=", m, i64(0)), body, done)
        builder.position_at_end(body)
        r = builder.add(base, builder.cttz(m, ir.Constant(ir.IntType(1), 1)))
        builder.store(builder.and_(m, builder.sub(m, i64(1))), bits)
        add_row(r)
        builder.branch(head)
        builder.position_at_end(done)

    def chunk(lanes):  # the mask of lanes inputs from start (all set when keep_all), then visit
        base = builder.load(start)
        vtype = ir.VectorType(elem, lanes)
        values = builder.load(builder.bitcast(builder.gep(row_ptr, [base]), vtype.as_pointer()), align=4)
        nonzero = builder.fcmp_unordered("!=", values, ir.Constant(vtype, [0.0] * lanes))  # NaN kept
        mask = builder.zext(builder.bitcast(nonzero, ir.IntType(lanes)), i64)
        full = i64((1 << lanes) - 1)
        visit(base, builder.select(keep_all, full, mask))
        builder.store(builder.add(base, ir.Constant(n_rows.type, lanes)), start)

    for lanes in (64, 32):
        cond_block = builder.append_basic_block(f"nz.while{lanes}")
        body_block = builder.append_basic_block(f"nz.chunk{lanes}")
        after = builder.append_basic_block(f"nz.after{lanes}")
        builder.branch(cond_block)
        builder.position_at_end(cond_block)
        fits = builder.icmp_signed("<=", builder.add(builder.load(start), ir.Constant(n_rows.type, lanes)), n_rows)
        builder.cbranch(fits, body_block, after)
        builder.position_at_end(body_block)
        chunk(lanes)
        builder.branch(cond_block if lanes == 64 else after)
        builder.position_at_end(after)
    # the last inputs (fewer than 32) one at a time
    with cgutils.for_range(builder, builder.sub(n_rows, builder.load(start))) as loop:
        r = builder.add(builder.load(start), loop.index)
        xr = builder.load(builder.gep(row_ptr, [r]))
        nonzero = builder.or_(builder.fcmp_unordered("!=", xr, ir.Constant(xr.type, 0.0)), keep_all)
        with builder.if_then(nonzero):
            add_row(r)


def vector_sum_codegen(width, elem, scaled):
    """Codegen of :func:`.net._first_layer_vector` (``scaled`` False) and :func:`.net._second_layer_vector`,
    :func:`.net._output_vector`: ``width`` sums of LLVM type ``elem`` held in LLVM vectors of a power
    of two lanes each (one for 64 or 32 sums, two for the 36 outputs; see their docstrings).

    A scaled sum adds only the rows whose input is not zero (+0.0 or -0.0; found from a bit mask,
    :func:`add_nonzero_rows`): the ReLU leaves about 27 of the shipped 64 first-layer units and 26
    of the 32 second-layer units zero, and each row is a step of the sums' serial chain of
    ``fadd``. Skipping them keeps every lane's bits: a zero input adds a zero term (the
    weights are finite, :func:`.net.pack_params`), and ``s + 0.0`` and ``s + -0.0`` are ``s`` unless ``s`` is
    -0.0; a sum from a bias that is not -0.0 is never -0.0 (in round-to-nearest a sum is -0.0 only
    when both terms are, and an addition of floats never rounds a nonzero result to zero). So when a
    lane's bias is -0.0 every row is added, as the plain loop does (checked on each call, one
    compare of the bias vector: ``params`` may be edited after packing).
    """
    # the lanes in parts of 2**k lanes (36 floats: 32 and 4): LLVM splits a vector of another width
    # into registers with shuffles of single lanes (a fifth of net_card's time in the 36 outputs)
    parts, first = [], 0
    while first < width:
        lanes = 1 << ((width - first).bit_length() - 1)
        parts.append((first, ir.VectorType(elem, lanes)))
        first += lanes
    i32 = ir.IntType(32)

    def codegen(context, builder, signature, args):
        table, start, bias, rows, n_rows, out = args
        t_table, _, _, t_rows, _, t_out = signature.args
        base = context.make_array(t_table)(context, builder, table).data
        row_ptr = context.make_array(t_rows)(context, builder, rows).data
        out_ptr = context.make_array(t_out)(context, builder, out).data
        align = elem.width // 8 if isinstance(elem, ir.IntType) else 4

        def load_vector(offset, lane, vec):
            address = builder.gep(base, [builder.add(offset, ir.Constant(offset.type, lane))])
            return builder.load(builder.bitcast(address, vec.as_pointer()), align=align)

        accs, firsts = [], []
        for lane, vec in parts:
            firsts.append(load_vector(bias, lane, vec))
            accs.append(cgutils.alloca_once(builder, vec))
            builder.store(firsts[-1], accs[-1])
        step = ir.Constant(n_rows.type, width)

        def add_row(r):
            if scaled:  # the second layer or the outputs: row r of the weights, times rows[r]
                xr = builder.load(builder.gep(row_ptr, [r]))
                offset = builder.add(start, builder.mul(r, step))
                for (lane, vec), acc in zip(parts, accs):
                    spread = builder.insert_element(ir.Constant(vec, ir.Undefined), xr, i32(0))
                    spread = builder.shuffle_vector(spread, ir.Constant(vec, ir.Undefined),
                                                    ir.Constant(ir.VectorType(i32, vec.count), [0] * vec.count))
                    term = builder.fmul(spread, load_vector(offset, lane, vec))
                    builder.store(builder.fadd(builder.load(acc), term), acc)
            else:  # the first layer: the weight row of active feature rows[r]
                feature = builder.load(builder.gep(row_ptr, [r]))
                offset = builder.add(start, builder.mul(feature, step))
                for (lane, vec), acc in zip(parts, accs):
                    builder.store(builder.add(builder.load(acc), load_vector(offset, lane, vec)), acc)

        if scaled:
            add_nonzero_rows(builder, firsts, row_ptr, n_rows, add_row)
        else:
            with cgutils.for_range(builder, n_rows) as loop:
                add_row(loop.index)
        for (lane, vec), acc in zip(parts, accs):
            target = builder.gep(out_ptr, [ir.Constant(ir.IntType(64), lane)])
            builder.store(builder.load(acc), builder.bitcast(target, vec.as_pointer()), align=align)
        return context.get_dummy_value()

    return codegen


def borrowed(a):
    """``a`` itself; compiled, a view of ``a`` that holds no reference (see the overload)."""
    return a


@overload(borrowed, inline="always")
def _borrowed_overload(a):
    """Compiled: the array ``a`` without its memory's reference count (a null ``meminfo``), so the
    views and slices :func:`.net.net_card` takes of it, and the calls it passes them to, do not count
    references: Numba increfs and decrefs an array's ``meminfo`` (an atomic add, in a call LLVM
    cannot inline) each time one is made or passed, and those atomics were a fifth of the ``net``
    player's time (``perf``: ``NRT_incref``/``NRT_decref``). Valid while the caller holds ``a``:
    the borrowed arrays never leave :func:`.net.net_card`."""
    if not isinstance(a, types.Array):
        return None
    return lambda a: _null_meminfo(a)


@intrinsic
def _null_meminfo(typingctx, a):
    def codegen(context, builder, signature, args):
        source = context.make_array(signature.args[0])(context, builder, args[0])
        view = context.make_array(signature.return_type)(context, builder)
        for field in ("data", "shape", "strides", "itemsize", "parent", "nitems"):
            setattr(view, field, getattr(source, field))
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        return view._getvalue()

    return a(a), codegen


def borrowed_as(a, dtype):
    """``a.view(dtype)``; compiled, the same view without a reference count (see the overload)."""
    return a.view(dtype)


@overload(borrowed_as, inline="always")
def _borrowed_as_overload(a, dtype):
    """Compiled: the one-dimensional contiguous array ``a`` read as ``dtype`` with a null ``meminfo``,
    as :func:`borrowed`: Numba's ``a.view(dtype)`` is a call (``_change_dtype``, 3% of the ``net``
    player's time, ``perf``) that LLVM does not inline, made five times a card. Valid while the
    caller holds ``a``; ``a.nbytes`` must be a multiple of the new item size (true of
    :func:`.net.net_card`'s ``params`` and scratch: float64 and int64 read as float32 or int16)."""
    if not (isinstance(a, types.Array) and a.ndim == 1 and a.layout == "C" and isinstance(dtype, types.NumberClass)):
        return None
    return lambda a, dtype: _reinterpret(a, dtype)


@intrinsic
def _reinterpret(typingctx, a, dtype):
    target = types.Array(dtype.instance_type, 1, "C")

    def codegen(context, builder, signature, args):
        source = context.make_array(signature.args[0])(context, builder, args[0])
        view = context.make_array(target)(context, builder)
        item = context.get_abi_sizeof(context.get_data_type(target.dtype))
        intp = context.get_value_type(types.intp)
        count = builder.udiv(builder.mul(source.nitems, source.itemsize), intp(item))
        context.populate_array(view, data=builder.bitcast(source.data, view.data.type),
                               shape=cgutils.pack_array(builder, [count]),
                               strides=cgutils.pack_array(builder, [intp(item)]),
                               itemsize=intp(item), meminfo=cgutils.get_null_value(view.meminfo.type),
                               parent=cgutils.get_null_value(view.parent.type))
        return view._getvalue()

    return target(a, dtype), codegen
