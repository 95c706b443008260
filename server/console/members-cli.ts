import { ROLES, type Role } from '../../src/api/contract/permissions';
import { ConfigError, configFromEnv, chatbotIdList } from '../config';
import { configuredBase, INVITATION_LIFETIME_MS, invitationLink, issueSetupLink } from './links';
import { openConsoleStore } from './store';
import { newToken, tokenHash } from './tokens';

/**
 * `npm run members -- <command>`: the console's members from a shell, for scripted set-ups and
 * for an operator who has lost their way in. It reads the same DATA_DIR (and CONSOLE_URL, PORT)
 * as `npm start`, and may run while the server runs. It prints links; it never sets a password.
 */
const USAGE = `Usage:
  npm run members -- add-owner <email>                                  a one-time setup link (30 minutes) that makes <email> an Owner
  npm run members -- add <email> --role <role> [--chatbots a,b]         an invitation link (7 days) for <email>
  npm run members -- list                                               the members and their roles

Roles: ${ROLES.join(', ')}. Without --chatbots the member works on every chatbot.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function optionOf(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) fail(`${name}: needs a value`);
  return value;
}

function emailOf(raw: string | undefined): string {
  const email = raw?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`email: "${raw ?? ''}" is not an e-mail address`);
  return email;
}

function main(args: string[]): void {
  let config;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const [command, ...rest] = args;
  const store = openConsoleStore(config.dataDir);
  const base = configuredBase(config);
  try {
    switch (command) {
      case 'add-owner': {
        const email = emailOf(rest[0]);
        console.log(`Open this link within 30 minutes to become an Owner as ${email} (it works once):\n  ${issueSetupLink(store, base, Date.now(), email)}`);
        return;
      }
      case 'add': {
        const email = emailOf(rest[0]);
        const role = optionOf(rest, '--role');
        if (!role || !(ROLES as readonly string[]).includes(role)) fail(`--role: must be one of ${ROLES.join(', ')}`);
        const chatbots = chatbotIdList(optionOf(rest, '--chatbots'));
        if (store.memberByEmail(email)) fail(`email: ${email} is a member already`);
        const token = newToken();
        const now = Date.now();
        store.addInvitation(
          { tokenHash: tokenHash(token), email, role: role as Role, chatbots: chatbots.length > 0 ? chatbots : ['*'], invitedBy: 'npm run members', expiresAt: now + INVITATION_LIFETIME_MS },
          now,
        );
        console.log(`Invitation for ${email} as ${role} (valid 7 days, works once):\n  ${invitationLink(base, token)}`);
        return;
      }
      case 'list': {
        for (const member of store.members()) {
          const grant = member.chatbots.includes('*') ? 'all chatbots' : member.chatbots.join(', ');
          console.log(`${member.email || '(demo)'}\t${member.name}\t${member.role}\t${grant}${member.disabled ? '\tdisabled' : ''}`);
        }
        return;
      }
      default:
        fail(command ? `Unknown command "${command}"` : 'No command given');
    }
  } finally {
    store.close();
  }
}

main(process.argv.slice(2));
