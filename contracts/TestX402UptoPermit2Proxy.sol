// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestPermit2} from "./TestPermit2.sol";

/// x402's upto-scheme permit2 proxy: the payer signs a cap, the facilitator named in the witness
/// (and only it) sends any amount up to that cap to the witness recipient through Permit2.
contract TestX402UptoPermit2Proxy {
    address public constant PERMIT2 = 0x000000000022D473030F116dDEE9F6B43aC78BA3;
    string public constant WITNESS_TYPE_STRING =
        "Witness witness)TokenPermissions(address token,uint256 amount)Witness(address to,address facilitator,uint256 validAfter)";
    bytes32 public constant WITNESS_TYPEHASH = keccak256("Witness(address to,address facilitator,uint256 validAfter)");

    struct Witness {
        address to;
        address facilitator;
        uint256 validAfter;
    }

    error AmountExceedsPermitted();
    error UnauthorizedFacilitator();

    event Settled();

    function settle(TestPermit2.PermitTransferFrom calldata permit, uint256 amount, address owner, Witness calldata witness, bytes calldata signature) external {
        if (amount > permit.permitted.amount) revert AmountExceedsPermitted();
        if (msg.sender != witness.facilitator) revert UnauthorizedFacilitator();
        require(block.timestamp >= witness.validAfter, "PaymentTooEarly");
        require(witness.to != address(0), "InvalidDestination");
        bytes32 witnessHash = keccak256(abi.encode(WITNESS_TYPEHASH, witness.to, witness.facilitator, witness.validAfter));
        TestPermit2(PERMIT2).permitWitnessTransferFrom(
            permit, TestPermit2.SignatureTransferDetails(witness.to, amount), owner, witnessHash, WITNESS_TYPE_STRING, signature
        );
        emit Settled();
    }
}
