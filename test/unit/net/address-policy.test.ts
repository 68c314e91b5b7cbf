/**
 * The address policy and the literal parser on raw text — the forms the connection layer can see
 * without a WHATWG URL having normalised them first.
 */
import { describe, expect, it } from 'vitest';
import { checkAddress } from '../../../engine/net/address-policy';
import {
  formatIp,
  isLocalhostName,
  parseIPv4,
  parseIPv6,
  parseIpLiteral,
} from '../../../engine/net/parse-host';

describe('parseIPv4 (inet_aton forms)', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0X7F.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.0x0.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['0xa9fea9fe', '169.254.169.254'],
    ['0251.0376.0251.0376', '169.254.169.254'],
    ['4294967295', '255.255.255.255'],
  ])('%s -> %s', (text, expected) => {
    const bytes = parseIPv4(text);
    expect(bytes && formatIp({ family: 4, bytes })).toBe(expected);
  });

  it.each([
    '4294967296',
    '256.0.0.1',
    '1.2.3.4.5',
    '08.0.0.1',
    '0x1g',
    'example.com',
    '',
    '.',
    '1..2',
  ])('rejects %s', (text) => {
    expect(parseIPv4(text)).toBeNull();
  });
});

describe('parseIPv6', () => {
  it.each([
    ['::1', '0:0:0:0:0:0:0:1'],
    ['[::1]', '0:0:0:0:0:0:0:1'],
    ['::', '0:0:0:0:0:0:0:0'],
    ['::ffff:127.0.0.1', '0:0:0:0:0:ffff:7f00:1'],
    ['[0:0:0:0:0:ffff:7f00:1]', '0:0:0:0:0:ffff:7f00:1'],
    ['fe80::1%eth0', 'fe80:0:0:0:0:0:0:1'],
    ['[fe80::1%25lo]', 'fe80:0:0:0:0:0:0:1'],
    ['2001:DB8::A', '2001:db8:0:0:0:0:0:a'],
  ])('%s -> %s', (text, expected) => {
    const bytes = parseIPv6(text);
    expect(bytes && formatIp({ family: 6, bytes })).toBe(expected);
  });

  it.each([
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::',
    '::ffff:256.0.0.1',
    'g::1',
    '127.0.0.1',
    '1:2:3:4:5:6:7',
  ])('rejects %s', (text) => {
    expect(parseIPv6(text)).toBeNull();
  });
});

describe('checkAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'this-network'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.2.1', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'ipv4-mapped:loopback'],
    ['::ffff:7f00:1', 'ipv4-mapped:loopback'],
    ['::ffff:10.0.0.1', 'ipv4-mapped:private'],
    ['::127.0.0.1', 'ipv4-compatible'],
    ['::ffff:0:a9fe:a9fe', 'ipv4-translated:link-local'],
    ['64:ff9b::127.0.0.1', 'nat64:loopback'],
    ['64:ff9b::a00:1', 'nat64:private'],
    ['64:ff9b:1::1', 'nat64-local'],
    ['2002:7f00:1::', '6to4:loopback'],
    ['2002:a9fe:a9fe::1', '6to4:link-local'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo'],
    ['2001:db8::1', 'documentation'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'not-global-unicast'],
    ['not an ip', 'not-an-ip'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(checkAddress(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows public %s', (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });
});

describe('literal and name helpers', () => {
  it('parseIpLiteral tells literals from names', () => {
    expect(parseIpLiteral('[::1]')?.family).toBe(6);
    expect(parseIpLiteral('2130706433')?.family).toBe(4);
    expect(parseIpLiteral('example.com')).toBeNull();
    expect(parseIpLiteral('127.0.0.1.nip.io')).toBeNull();
  });

  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    'localhost..',
    'foo.localhost',
    'a.b.localhost.',
    'ip6-localhost',
  ])('%s is a localhost name', (name) => {
    expect(isLocalhostName(name)).toBe(true);
  });

  it.each(['localhost.com', 'notlocalhost', 'example.com', 'localhostx'])('%s is not', (name) => {
    expect(isLocalhostName(name)).toBe(false);
  });
});
