// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A BEP-20 USDT-like token for the sandbox devnet and tests: 18 decimals and a plain ERC-20, with
/// no EIP-712 domain and no EIP-3009, as Tether's token on BNB Smart Chain; x402 pays it through Permit2.
contract TestUSDT is ERC20 {
    address public immutable minter;

    constructor() ERC20("Tether USD", "USDT") {
        minter = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "TestUSDT: only the minter");
        _mint(to, amount);
    }
}
